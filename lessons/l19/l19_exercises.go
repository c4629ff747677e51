package l19

import "course/learn"

// lessonExercises is lesson 19's exercises, in the order docs/l19.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l19"} }

// Exercises is lesson 19's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
