package config

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"
)

// TransposeTable is one table of the TransposeTables section of ChordProgressions.yaml: its
// name and its rows. No GA class reads the section: ChordProgressionsConfiguration has only
// ChordProgressions, and IgnoreUnmatchedProperties skips the rest
// (Common/GA.Business.Config/Configuration/ChordProgressionsConfigLoader.cs:41-44, 98-101 @
// c781df5c). The course reads it with that loader's settings.
type TransposeTable struct {
	Name string
	Rows []TransposeRow
}

// TransposeRow is one key of a table and its chords; a blues row, which writes its I, IV and
// V chords under those keys, holds those three in that order.
type TransposeRow struct {
	Key    string
	Chords []string
}

// transposeRowYaml is a row as the file writes it: a key and its chords, or a blues row's
// three.
type transposeRowYaml struct {
	Key           text   `yaml:"Key"`
	RomanNumerals []text `yaml:"RomanNumerals"`
	Chords        []text `yaml:"Chords"`
	I             text   `yaml:"I"`
	IV            text   `yaml:"IV"`
	V             text   `yaml:"V"`
}

// ChordProgressionsFile is the file ReadTransposeTables names in its errors: the course's copy
// of ChordProgressions.yaml's TransposeTables.
const ChordProgressionsFile = "fixtures/chordprogressions.yaml"

// ReadTransposeTables reads the TransposeTables section of a ChordProgressions.yaml. A table
// without a name or rows, a row without a key, and a row with neither a Chords list nor all
// of I, IV and V are errors that name their line, as is a file without the section: the
// lessons compare every row, so none may go missing.
func ReadTransposeTables(data []byte) ([]TransposeTable, error) {
	var doc struct {
		TransposeTables []ast.Node `yaml:"TransposeTables"`
	}
	d, root, err := gaLoader.parse(ChordProgressionsFile, data)
	if err == nil {
		err = d.decode(root, &doc)
	}
	if err != nil {
		return nil, fmt.Errorf("read transpose tables: %w", err)
	}
	if len(doc.TransposeTables) == 0 {
		return nil, fmt.Errorf("read transpose tables: %s: no TransposeTables section", ChordProgressionsFile)
	}
	tables := make([]TransposeTable, 0, len(doc.TransposeTables))
	for _, node := range doc.TransposeTables {
		var t struct {
			Name text       `yaml:"Name"`
			Rows []ast.Node `yaml:"Rows"`
		}
		if err := d.decode(node, &t); err != nil {
			return nil, fmt.Errorf("read transpose tables: %w", err)
		}
		if t.Name == "" || len(t.Rows) == 0 {
			return nil, fmt.Errorf("read transpose tables: %s: a table without a Name or without Rows", at(ChordProgressionsFile, node))
		}
		table := TransposeTable{Name: string(t.Name)}
		for _, rowNode := range t.Rows {
			var r transposeRowYaml
			if err := d.decode(rowNode, &r); err != nil {
				return nil, fmt.Errorf("read transpose tables: %w", err)
			}
			row := TransposeRow{Key: string(r.Key), Chords: strs(r.Chords)}
			if len(row.Chords) == 0 && r.I != "" && r.IV != "" && r.V != "" {
				row.Chords = []string{string(r.I), string(r.IV), string(r.V)}
			}
			if row.Key == "" || len(row.Chords) == 0 {
				return nil, fmt.Errorf("read transpose tables: %s: %q: a row without a Key, or with neither Chords nor I, IV and V", at(ChordProgressionsFile, rowNode), t.Name)
			}
			table.Rows = append(table.Rows, row)
		}
		tables = append(tables, table)
	}
	return tables, nil
}
