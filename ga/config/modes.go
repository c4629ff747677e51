package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/goccy/go-yaml/ast"

	"course/fixtures"
)

// ModeData is one mode as ModesConfig.GetModalFamilies returns it: name, notes on C, the
// characteristic intervals and the alternate names, the last two empty when the YAML has none
// (Common/GA.Business.Config/ModesConfig.fs:233-240, 255-258 @ c781df5c).
type ModeData struct {
	Name                    string
	Notes                   string
	CharacteristicIntervals []string
	AlternateNames          []string
}

// ModalFamily is one ModalFamilyInfo: a family's name and its modes in the file's order.
type ModalFamily struct {
	Name  string
	Modes []ModeData
}

// modesYaml is ModesYaml, the type ModesConfig deserializes Modes.yaml to, with the
// properties GetModalFamilies reads (ModesConfig.fs:19-41 @ c781df5c).
type modesYaml struct {
	ModalFamilies []struct {
		Name  text             `yaml:"Name"`
		Modes []modeConfigData `yaml:"Modes"`
	} `yaml:"ModalFamilies"`
}

// modeConfigData is ModeConfigData, one mode as Modes.yaml writes it (ModesConfig.fs:19-31 @
// c781df5c), with the properties GetModalFamilies reads.
type modeConfigData struct {
	Name                    text   `yaml:"Name"`
	Notes                   text   `yaml:"Notes"`
	CharacteristicIntervals []text `yaml:"CharacteristicIntervals"`
	AlternateNames          []text `yaml:"AlternateNames"`
}

// ModesFile is the file ReadModes names in its errors: the course's copy of Modes.yaml.
const ModesFile = "fixtures/modes.yaml"

// ReadModes reads a Modes.yaml as ModesConfig.GetModalFamilies does: YamlDotNet with
// PascalCase names and unmatched keys ignored, then every family that has at least one mode
// (ModesConfig.fs:60-74, 245-263 @ c781df5c).
func ReadModes(data []byte) ([]ModalFamily, error) {
	var doc modesYaml
	d, root, err := gaLoader.parse(ModesFile, data)
	if err == nil {
		err = d.decode(root, &doc)
	}
	if err != nil {
		return nil, fmt.Errorf("read modes: %w", err)
	}
	var families []ModalFamily
	for _, f := range doc.ModalFamilies {
		family := ModalFamily{Name: string(f.Name)}
		for _, m := range f.Modes {
			family.Modes = append(family.Modes, ModeData{Name: string(m.Name), Notes: string(m.Notes),
				CharacteristicIntervals: strs(m.CharacteristicIntervals), AlternateNames: strs(m.AlternateNames)})
		}
		if len(family.Modes) > 0 {
			families = append(families, family)
		}
	}
	return families, nil
}

// strs is a list of texts as strings; nil, as GetModalFamilies' empty array, when there are
// none.
func strs(ts []text) []string {
	if len(ts) == 0 {
		return nil
	}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t)
	}
	return out
}

// ModalFamilies is ModesConfig.GetModalFamilies over the course's Modes.yaml fixture.
var ModalFamilies = sync.OnceValue(func() []ModalFamily {
	families, err := ReadModes(fixtures.Modes)
	if err != nil {
		panic(err) // the fixture is part of the program; its tests read it
	}
	return families
})

// AtonalMode is one mode of an atonal family: its rotation, its pitch classes, and the
// Modes.yaml mode it is, if any (AtonalModalFamiliesConfig.fs:25-30 @ c781df5c).
type AtonalMode struct {
	Position     int
	PitchClasses string
	TonalAnalog  string // "" for None
}

// AtonalFamily is one AtonalModalFamily: the pitch-class sets of one interval class vector
// (AtonalModalFamiliesConfig.fs:32-41 @ c781df5c).
type AtonalFamily struct {
	IntervalClassVector string
	FamilyName          string
	ForteNumbers        []string
	TonalSubfamilies    []string
	NoteCount           int
	DistinctModeCount   int
	IsSymmetric         bool
	Modes               []AtonalMode
}

// ReadAtonalFamilies reads the course's JSON form of AtonalModalFamilies.yaml.
func ReadAtonalFamilies(data []byte) ([]AtonalFamily, error) {
	var file struct {
		Families []struct {
			ICV       string   `json:"icv"`
			Name      string   `json:"name"`
			Forte     []string `json:"forte"`
			Tonal     []string `json:"tonal"`
			Notes     int      `json:"notes"`
			Distinct  int      `json:"distinct"`
			Symmetric bool     `json:"symmetric"`
			Modes     [][3]any `json:"modes"`
		} `json:"families"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("read atonal families: %w", err)
	}
	out := make([]AtonalFamily, 0, len(file.Families))
	for _, f := range file.Families {
		fam := AtonalFamily{IntervalClassVector: f.ICV, FamilyName: f.Name, ForteNumbers: f.Forte,
			TonalSubfamilies: f.Tonal, NoteCount: f.Notes, DistinctModeCount: f.Distinct, IsSymmetric: f.Symmetric}
		for _, m := range f.Modes {
			pos, ok1 := m[0].(float64)
			pcs, ok2 := m[1].(string)
			analog, ok3 := m[2].(string)
			if !ok1 || !ok2 || (!ok3 && m[2] != nil) {
				return nil, fmt.Errorf("read atonal families: %s: a mode is not [position, pitch classes, analog]", f.Name)
			}
			fam.Modes = append(fam.Modes, AtonalMode{Position: int(pos), PitchClasses: pcs, TonalAnalog: analog})
		}
		out = append(out, fam)
	}
	return out, nil
}

// AtonalFamilies is AtonalModalFamiliesConfig.GetAll over the course's fixture, in the
// generator's order.
var AtonalFamilies = sync.OnceValue(func() []AtonalFamily {
	families, err := ReadAtonalFamilies(fixtures.AtonalFamilies)
	if err != nil {
		panic(err)
	}
	return families
})

// ModeNamesAsWritten is every mode's Name as the Modes.yaml data writes it in block style, in
// the file's order: the rest of the line from where the YAML reader finds the name, spaces and
// the quotes around it taken off, comments kept. Beside ReadModes it shows what a " #" in a plain
// name loses.
func ModeNamesAsWritten(data []byte) ([]string, error) {
	d, root, err := gaLoader.parse(ModesFile, data)
	if err != nil {
		return nil, fmt.Errorf("read mode names: %w", err)
	}
	var doc struct {
		ModalFamilies []struct {
			Modes []struct {
				Name ast.Node `yaml:"Name"`
			} `yaml:"Modes"`
		} `yaml:"ModalFamilies"`
	}
	if err := d.decode(root, &doc); err != nil {
		return nil, fmt.Errorf("read mode names: %w", err)
	}
	lines := strings.Split(string(bytes.TrimPrefix(data, []byte("\ufeff"))), "\n")
	var names []string
	for _, f := range doc.ModalFamilies {
		for _, m := range f.Modes {
			if m.Name == nil {
				continue
			}
			pos := m.Name.GetToken().Position
			// go-yaml counts columns in characters.
			line := []rune(strings.TrimSuffix(lines[pos.Line-1], "\r"))
			names = append(names, strings.Trim(strings.TrimSpace(string(line[min(pos.Column-1, len(line)):])), `'"`))
		}
	}
	return names, nil
}
