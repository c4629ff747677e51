package dotnet

import (
	"strings"
	"unicode/utf8"
)

// This file keeps the hand-made decomposition table the host used before NormalizeKD took
// golang.org/x/text's, so that the test over every code point can show the two agree where the
// table had an entry.

// tableHangul is the Unicode standard's arithmetic decomposition of a precomposed syllable, as
// the old code did it.
func tableHangul(r rune) string {
	const sBase, lBase, vBase, tBase, vCount, tCount = 0xAC00, 0x1100, 0x1161, 0x11A7, 21, 28
	idx := r - sBase
	out := []rune{lBase + idx/(vCount*tCount), vBase + (idx%(vCount*tCount))/tCount}
	if t := idx % tCount; t != 0 {
		out = append(out, tBase+t)
	}
	return string(out)
}

// tableNFKD is the old decomposition of one code point, and whether the table covered it.
func tableNFKD(r rune) (string, bool) {
	if d, ok := oldTable[r]; ok {
		return d, true
	}
	if r >= 0xAC00 && r <= 0xD7A3 {
		return tableHangul(r), true
	}
	return "", false
}

var oldTable = func() map[rune]string {
	m := make(map[rune]string, 1100)
	for entry := range strings.SplitSeq(oldData, "\x00") {
		if entry == "" {
			continue
		}
		r, n := utf8.DecodeRuneInString(entry)
		m[r] = entry[n:]
	}
	return m
}()

// oldData holds one entry per decomposable character: the character, then its full NFKD
// decomposition (Unicode 14), each entry ended by NUL; it covered Latin-1 Supplement, Latin
// Extended-A and -B, Latin Extended Additional, General Punctuation through Number Forms,
// Enclosed Alphanumerics, Latin ligatures, and Halfwidth and Fullwidth Forms.
const oldData = "" +
	"\u00a0 \x00\u00a8 \u0308\x00\u00aaa\x00\u00af \u0304\x00\u00b22\x00\u00b33\x00" +
	"\u00b4 \u0301\x00\u00b5\u03bc\x00\u00b8 \u0327\x00\u00b91\x00\u00bao\x00\u00bc1\u20444\x00" +
	"\u00bd1\u20442\x00\u00be3\u20444\x00\u00c0A\u0300\x00\u00c1A\u0301\x00\u00c2A\u0302\x00" +
	"\u00c3A\u0303\x00\u00c4A\u0308\x00\u00c5A\u030a\x00\u00c7C\u0327\x00\u00c8E\u0300\x00" +
	"\u00c9E\u0301\x00\u00caE\u0302\x00\u00cbE\u0308\x00\u00ccI\u0300\x00\u00cdI\u0301\x00" +
	"\u00ceI\u0302\x00\u00cfI\u0308\x00\u00d1N\u0303\x00\u00d2O\u0300\x00\u00d3O\u0301\x00" +
	"\u00d4O\u0302\x00\u00d5O\u0303\x00\u00d6O\u0308\x00\u00d9U\u0300\x00\u00daU\u0301\x00" +
	"\u00dbU\u0302\x00\u00dcU\u0308\x00\u00ddY\u0301\x00\u00e0a\u0300\x00\u00e1a\u0301\x00" +
	"\u00e2a\u0302\x00\u00e3a\u0303\x00\u00e4a\u0308\x00\u00e5a\u030a\x00\u00e7c\u0327\x00" +
	"\u00e8e\u0300\x00\u00e9e\u0301\x00\u00eae\u0302\x00\u00ebe\u0308\x00\u00eci\u0300\x00" +
	"\u00edi\u0301\x00\u00eei\u0302\x00\u00efi\u0308\x00\u00f1n\u0303\x00\u00f2o\u0300\x00" +
	"\u00f3o\u0301\x00\u00f4o\u0302\x00\u00f5o\u0303\x00\u00f6o\u0308\x00\u00f9u\u0300\x00" +
	"\u00fau\u0301\x00\u00fbu\u0302\x00\u00fcu\u0308\x00\u00fdy\u0301\x00\u00ffy\u0308\x00" +
	"\u0100A\u0304\x00\u0101a\u0304\x00\u0102A\u0306\x00\u0103a\u0306\x00\u0104A\u0328\x00" +
	"\u0105a\u0328\x00\u0106C\u0301\x00\u0107c\u0301\x00\u0108C\u0302\x00\u0109c\u0302\x00" +
	"\u010aC\u0307\x00\u010bc\u0307\x00\u010cC\u030c\x00\u010dc\u030c\x00\u010eD\u030c\x00" +
	"\u010fd\u030c\x00\u0112E\u0304\x00\u0113e\u0304\x00\u0114E\u0306\x00\u0115e\u0306\x00" +
	"\u0116E\u0307\x00\u0117e\u0307\x00\u0118E\u0328\x00\u0119e\u0328\x00\u011aE\u030c\x00" +
	"\u011be\u030c\x00\u011cG\u0302\x00\u011dg\u0302\x00\u011eG\u0306\x00\u011fg\u0306\x00" +
	"\u0120G\u0307\x00\u0121g\u0307\x00\u0122G\u0327\x00\u0123g\u0327\x00\u0124H\u0302\x00" +
	"\u0125h\u0302\x00\u0128I\u0303\x00\u0129i\u0303\x00\u012aI\u0304\x00\u012bi\u0304\x00" +
	"\u012cI\u0306\x00\u012di\u0306\x00\u012eI\u0328\x00\u012fi\u0328\x00\u0130I\u0307\x00" +
	"\u0132IJ\x00\u0133ij\x00\u0134J\u0302\x00\u0135j\u0302\x00\u0136K\u0327\x00" +
	"\u0137k\u0327\x00\u0139L\u0301\x00\u013al\u0301\x00\u013bL\u0327\x00\u013cl\u0327\x00" +
	"\u013dL\u030c\x00\u013el\u030c\x00\u013fL\u00b7\x00\u0140l\u00b7\x00\u0143N\u0301\x00" +
	"\u0144n\u0301\x00\u0145N\u0327\x00\u0146n\u0327\x00\u0147N\u030c\x00\u0148n\u030c\x00" +
	"\u0149\u02bcn\x00\u014cO\u0304\x00\u014do\u0304\x00\u014eO\u0306\x00\u014fo\u0306\x00" +
	"\u0150O\u030b\x00\u0151o\u030b\x00\u0154R\u0301\x00\u0155r\u0301\x00\u0156R\u0327\x00" +
	"\u0157r\u0327\x00\u0158R\u030c\x00\u0159r\u030c\x00\u015aS\u0301\x00\u015bs\u0301\x00" +
	"\u015cS\u0302\x00\u015ds\u0302\x00\u015eS\u0327\x00\u015fs\u0327\x00\u0160S\u030c\x00" +
	"\u0161s\u030c\x00\u0162T\u0327\x00\u0163t\u0327\x00\u0164T\u030c\x00\u0165t\u030c\x00" +
	"\u0168U\u0303\x00\u0169u\u0303\x00\u016aU\u0304\x00\u016bu\u0304\x00\u016cU\u0306\x00" +
	"\u016du\u0306\x00\u016eU\u030a\x00\u016fu\u030a\x00\u0170U\u030b\x00\u0171u\u030b\x00" +
	"\u0172U\u0328\x00\u0173u\u0328\x00\u0174W\u0302\x00\u0175w\u0302\x00\u0176Y\u0302\x00" +
	"\u0177y\u0302\x00\u0178Y\u0308\x00\u0179Z\u0301\x00\u017az\u0301\x00\u017bZ\u0307\x00" +
	"\u017cz\u0307\x00\u017dZ\u030c\x00\u017ez\u030c\x00\u017fs\x00\u01a0O\u031b\x00" +
	"\u01a1o\u031b\x00\u01afU\u031b\x00\u01b0u\u031b\x00\u01c4DZ\u030c\x00\u01c5Dz\u030c\x00" +
	"\u01c6dz\u030c\x00\u01c7LJ\x00\u01c8Lj\x00\u01c9lj\x00\u01caNJ\x00\u01cbNj\x00\u01ccnj\x00" +
	"\u01cdA\u030c\x00\u01cea\u030c\x00\u01cfI\u030c\x00\u01d0i\u030c\x00\u01d1O\u030c\x00" +
	"\u01d2o\u030c\x00\u01d3U\u030c\x00\u01d4u\u030c\x00\u01d5U\u0308\u0304\x00" +
	"\u01d6u\u0308\u0304\x00\u01d7U\u0308\u0301\x00\u01d8u\u0308\u0301\x00" +
	"\u01d9U\u0308\u030c\x00\u01dau\u0308\u030c\x00\u01dbU\u0308\u0300\x00" +
	"\u01dcu\u0308\u0300\x00\u01deA\u0308\u0304\x00\u01dfa\u0308\u0304\x00" +
	"\u01e0A\u0307\u0304\x00\u01e1a\u0307\u0304\x00\u01e2\u00c6\u0304\x00\u01e3\u00e6\u0304\x00" +
	"\u01e6G\u030c\x00\u01e7g\u030c\x00\u01e8K\u030c\x00\u01e9k\u030c\x00\u01eaO\u0328\x00" +
	"\u01ebo\u0328\x00\u01ecO\u0328\u0304\x00\u01edo\u0328\u0304\x00\u01ee\u01b7\u030c\x00" +
	"\u01ef\u0292\u030c\x00\u01f0j\u030c\x00\u01f1DZ\x00\u01f2Dz\x00\u01f3dz\x00" +
	"\u01f4G\u0301\x00\u01f5g\u0301\x00\u01f8N\u0300\x00\u01f9n\u0300\x00" +
	"\u01faA\u030a\u0301\x00\u01fba\u030a\u0301\x00\u01fc\u00c6\u0301\x00\u01fd\u00e6\u0301\x00" +
	"\u01fe\u00d8\u0301\x00\u01ff\u00f8\u0301\x00\u0200A\u030f\x00\u0201a\u030f\x00" +
	"\u0202A\u0311\x00\u0203a\u0311\x00\u0204E\u030f\x00\u0205e\u030f\x00\u0206E\u0311\x00" +
	"\u0207e\u0311\x00\u0208I\u030f\x00\u0209i\u030f\x00\u020aI\u0311\x00\u020bi\u0311\x00" +
	"\u020cO\u030f\x00\u020do\u030f\x00\u020eO\u0311\x00\u020fo\u0311\x00\u0210R\u030f\x00" +
	"\u0211r\u030f\x00\u0212R\u0311\x00\u0213r\u0311\x00\u0214U\u030f\x00\u0215u\u030f\x00" +
	"\u0216U\u0311\x00\u0217u\u0311\x00\u0218S\u0326\x00\u0219s\u0326\x00\u021aT\u0326\x00" +
	"\u021bt\u0326\x00\u021eH\u030c\x00\u021fh\u030c\x00\u0226A\u0307\x00\u0227a\u0307\x00" +
	"\u0228E\u0327\x00\u0229e\u0327\x00\u022aO\u0308\u0304\x00\u022bo\u0308\u0304\x00" +
	"\u022cO\u0303\u0304\x00\u022do\u0303\u0304\x00\u022eO\u0307\x00\u022fo\u0307\x00" +
	"\u0230O\u0307\u0304\x00\u0231o\u0307\u0304\x00\u0232Y\u0304\x00\u0233y\u0304\x00" +
	"\u1e00A\u0325\x00\u1e01a\u0325\x00\u1e02B\u0307\x00\u1e03b\u0307\x00\u1e04B\u0323\x00" +
	"\u1e05b\u0323\x00\u1e06B\u0331\x00\u1e07b\u0331\x00\u1e08C\u0327\u0301\x00" +
	"\u1e09c\u0327\u0301\x00\u1e0aD\u0307\x00\u1e0bd\u0307\x00\u1e0cD\u0323\x00" +
	"\u1e0dd\u0323\x00\u1e0eD\u0331\x00\u1e0fd\u0331\x00\u1e10D\u0327\x00\u1e11d\u0327\x00" +
	"\u1e12D\u032d\x00\u1e13d\u032d\x00\u1e14E\u0304\u0300\x00\u1e15e\u0304\u0300\x00" +
	"\u1e16E\u0304\u0301\x00\u1e17e\u0304\u0301\x00\u1e18E\u032d\x00\u1e19e\u032d\x00" +
	"\u1e1aE\u0330\x00\u1e1be\u0330\x00\u1e1cE\u0327\u0306\x00\u1e1de\u0327\u0306\x00" +
	"\u1e1eF\u0307\x00\u1e1ff\u0307\x00\u1e20G\u0304\x00\u1e21g\u0304\x00\u1e22H\u0307\x00" +
	"\u1e23h\u0307\x00\u1e24H\u0323\x00\u1e25h\u0323\x00\u1e26H\u0308\x00\u1e27h\u0308\x00" +
	"\u1e28H\u0327\x00\u1e29h\u0327\x00\u1e2aH\u032e\x00\u1e2bh\u032e\x00\u1e2cI\u0330\x00" +
	"\u1e2di\u0330\x00\u1e2eI\u0308\u0301\x00\u1e2fi\u0308\u0301\x00\u1e30K\u0301\x00" +
	"\u1e31k\u0301\x00\u1e32K\u0323\x00\u1e33k\u0323\x00\u1e34K\u0331\x00\u1e35k\u0331\x00" +
	"\u1e36L\u0323\x00\u1e37l\u0323\x00\u1e38L\u0323\u0304\x00\u1e39l\u0323\u0304\x00" +
	"\u1e3aL\u0331\x00\u1e3bl\u0331\x00\u1e3cL\u032d\x00\u1e3dl\u032d\x00\u1e3eM\u0301\x00" +
	"\u1e3fm\u0301\x00\u1e40M\u0307\x00\u1e41m\u0307\x00\u1e42M\u0323\x00\u1e43m\u0323\x00" +
	"\u1e44N\u0307\x00\u1e45n\u0307\x00\u1e46N\u0323\x00\u1e47n\u0323\x00\u1e48N\u0331\x00" +
	"\u1e49n\u0331\x00\u1e4aN\u032d\x00\u1e4bn\u032d\x00\u1e4cO\u0303\u0301\x00" +
	"\u1e4do\u0303\u0301\x00\u1e4eO\u0303\u0308\x00\u1e4fo\u0303\u0308\x00" +
	"\u1e50O\u0304\u0300\x00\u1e51o\u0304\u0300\x00\u1e52O\u0304\u0301\x00" +
	"\u1e53o\u0304\u0301\x00\u1e54P\u0301\x00\u1e55p\u0301\x00\u1e56P\u0307\x00" +
	"\u1e57p\u0307\x00\u1e58R\u0307\x00\u1e59r\u0307\x00\u1e5aR\u0323\x00\u1e5br\u0323\x00" +
	"\u1e5cR\u0323\u0304\x00\u1e5dr\u0323\u0304\x00\u1e5eR\u0331\x00\u1e5fr\u0331\x00" +
	"\u1e60S\u0307\x00\u1e61s\u0307\x00\u1e62S\u0323\x00\u1e63s\u0323\x00" +
	"\u1e64S\u0301\u0307\x00\u1e65s\u0301\u0307\x00\u1e66S\u030c\u0307\x00" +
	"\u1e67s\u030c\u0307\x00\u1e68S\u0323\u0307\x00\u1e69s\u0323\u0307\x00\u1e6aT\u0307\x00" +
	"\u1e6bt\u0307\x00\u1e6cT\u0323\x00\u1e6dt\u0323\x00\u1e6eT\u0331\x00\u1e6ft\u0331\x00" +
	"\u1e70T\u032d\x00\u1e71t\u032d\x00\u1e72U\u0324\x00\u1e73u\u0324\x00\u1e74U\u0330\x00" +
	"\u1e75u\u0330\x00\u1e76U\u032d\x00\u1e77u\u032d\x00\u1e78U\u0303\u0301\x00" +
	"\u1e79u\u0303\u0301\x00\u1e7aU\u0304\u0308\x00\u1e7bu\u0304\u0308\x00\u1e7cV\u0303\x00" +
	"\u1e7dv\u0303\x00\u1e7eV\u0323\x00\u1e7fv\u0323\x00\u1e80W\u0300\x00\u1e81w\u0300\x00" +
	"\u1e82W\u0301\x00\u1e83w\u0301\x00\u1e84W\u0308\x00\u1e85w\u0308\x00\u1e86W\u0307\x00" +
	"\u1e87w\u0307\x00\u1e88W\u0323\x00\u1e89w\u0323\x00\u1e8aX\u0307\x00\u1e8bx\u0307\x00" +
	"\u1e8cX\u0308\x00\u1e8dx\u0308\x00\u1e8eY\u0307\x00\u1e8fy\u0307\x00\u1e90Z\u0302\x00" +
	"\u1e91z\u0302\x00\u1e92Z\u0323\x00\u1e93z\u0323\x00\u1e94Z\u0331\x00\u1e95z\u0331\x00" +
	"\u1e96h\u0331\x00\u1e97t\u0308\x00\u1e98w\u030a\x00\u1e99y\u030a\x00\u1e9aa\u02be\x00" +
	"\u1e9bs\u0307\x00\u1ea0A\u0323\x00\u1ea1a\u0323\x00\u1ea2A\u0309\x00\u1ea3a\u0309\x00" +
	"\u1ea4A\u0302\u0301\x00\u1ea5a\u0302\u0301\x00\u1ea6A\u0302\u0300\x00" +
	"\u1ea7a\u0302\u0300\x00\u1ea8A\u0302\u0309\x00\u1ea9a\u0302\u0309\x00" +
	"\u1eaaA\u0302\u0303\x00\u1eaba\u0302\u0303\x00\u1eacA\u0323\u0302\x00" +
	"\u1eada\u0323\u0302\x00\u1eaeA\u0306\u0301\x00\u1eafa\u0306\u0301\x00" +
	"\u1eb0A\u0306\u0300\x00\u1eb1a\u0306\u0300\x00\u1eb2A\u0306\u0309\x00" +
	"\u1eb3a\u0306\u0309\x00\u1eb4A\u0306\u0303\x00\u1eb5a\u0306\u0303\x00" +
	"\u1eb6A\u0323\u0306\x00\u1eb7a\u0323\u0306\x00\u1eb8E\u0323\x00\u1eb9e\u0323\x00" +
	"\u1ebaE\u0309\x00\u1ebbe\u0309\x00\u1ebcE\u0303\x00\u1ebde\u0303\x00" +
	"\u1ebeE\u0302\u0301\x00\u1ebfe\u0302\u0301\x00\u1ec0E\u0302\u0300\x00" +
	"\u1ec1e\u0302\u0300\x00\u1ec2E\u0302\u0309\x00\u1ec3e\u0302\u0309\x00" +
	"\u1ec4E\u0302\u0303\x00\u1ec5e\u0302\u0303\x00\u1ec6E\u0323\u0302\x00" +
	"\u1ec7e\u0323\u0302\x00\u1ec8I\u0309\x00\u1ec9i\u0309\x00\u1ecaI\u0323\x00" +
	"\u1ecbi\u0323\x00\u1eccO\u0323\x00\u1ecdo\u0323\x00\u1eceO\u0309\x00\u1ecfo\u0309\x00" +
	"\u1ed0O\u0302\u0301\x00\u1ed1o\u0302\u0301\x00\u1ed2O\u0302\u0300\x00" +
	"\u1ed3o\u0302\u0300\x00\u1ed4O\u0302\u0309\x00\u1ed5o\u0302\u0309\x00" +
	"\u1ed6O\u0302\u0303\x00\u1ed7o\u0302\u0303\x00\u1ed8O\u0323\u0302\x00" +
	"\u1ed9o\u0323\u0302\x00\u1edaO\u031b\u0301\x00\u1edbo\u031b\u0301\x00" +
	"\u1edcO\u031b\u0300\x00\u1eddo\u031b\u0300\x00\u1edeO\u031b\u0309\x00" +
	"\u1edfo\u031b\u0309\x00\u1ee0O\u031b\u0303\x00\u1ee1o\u031b\u0303\x00" +
	"\u1ee2O\u031b\u0323\x00\u1ee3o\u031b\u0323\x00\u1ee4U\u0323\x00\u1ee5u\u0323\x00" +
	"\u1ee6U\u0309\x00\u1ee7u\u0309\x00\u1ee8U\u031b\u0301\x00\u1ee9u\u031b\u0301\x00" +
	"\u1eeaU\u031b\u0300\x00\u1eebu\u031b\u0300\x00\u1eecU\u031b\u0309\x00" +
	"\u1eedu\u031b\u0309\x00\u1eeeU\u031b\u0303\x00\u1eefu\u031b\u0303\x00" +
	"\u1ef0U\u031b\u0323\x00\u1ef1u\u031b\u0323\x00\u1ef2Y\u0300\x00\u1ef3y\u0300\x00" +
	"\u1ef4Y\u0323\x00\u1ef5y\u0323\x00\u1ef6Y\u0309\x00\u1ef7y\u0309\x00\u1ef8Y\u0303\x00" +
	"\u1ef9y\u0303\x00\u2000 \x00\u2001 \x00\u2002 \x00\u2003 \x00\u2004 \x00\u2005 \x00" +
	"\u2006 \x00\u2007 \x00\u2008 \x00\u2009 \x00\u200a \x00\u2011\u2010\x00\u2017 \u0333\x00" +
	"\u2024.\x00\u2025..\x00\u2026...\x00\u202f \x00\u2033\u2032\u2032\x00" +
	"\u2034\u2032\u2032\u2032\x00\u2036\u2035\u2035\x00\u2037\u2035\u2035\u2035\x00\u203c!!\x00" +
	"\u203e \u0305\x00\u2047??\x00\u2048?!\x00\u2049!?\x00\u2057\u2032\u2032\u2032\u2032\x00" +
	"\u205f \x00\u20700\x00\u2071i\x00\u20744\x00\u20755\x00\u20766\x00\u20777\x00\u20788\x00" +
	"\u20799\x00\u207a+\x00\u207b\u2212\x00\u207c=\x00\u207d(\x00\u207e)\x00\u207fn\x00" +
	"\u20800\x00\u20811\x00\u20822\x00\u20833\x00\u20844\x00\u20855\x00\u20866\x00\u20877\x00" +
	"\u20888\x00\u20899\x00\u208a+\x00\u208b\u2212\x00\u208c=\x00\u208d(\x00\u208e)\x00" +
	"\u2090a\x00\u2091e\x00\u2092o\x00\u2093x\x00\u2094\u0259\x00\u2095h\x00\u2096k\x00" +
	"\u2097l\x00\u2098m\x00\u2099n\x00\u209ap\x00\u209bs\x00\u209ct\x00\u20a8Rs\x00" +
	"\u2100a/c\x00\u2101a/s\x00\u2102C\x00\u2103\u00b0C\x00\u2105c/o\x00\u2106c/u\x00" +
	"\u2107\u0190\x00\u2109\u00b0F\x00\u210ag\x00\u210bH\x00\u210cH\x00\u210dH\x00\u210eh\x00" +
	"\u210f\u0127\x00\u2110I\x00\u2111I\x00\u2112L\x00\u2113l\x00\u2115N\x00\u2116No\x00" +
	"\u2119P\x00\u211aQ\x00\u211bR\x00\u211cR\x00\u211dR\x00\u2120SM\x00\u2121TEL\x00" +
	"\u2122TM\x00\u2124Z\x00\u2126\u03a9\x00\u2128Z\x00\u212aK\x00\u212bA\u030a\x00\u212cB\x00" +
	"\u212dC\x00\u212fe\x00\u2130E\x00\u2131F\x00\u2133M\x00\u2134o\x00\u2135\u05d0\x00" +
	"\u2136\u05d1\x00\u2137\u05d2\x00\u2138\u05d3\x00\u2139i\x00\u213bFAX\x00\u213c\u03c0\x00" +
	"\u213d\u03b3\x00\u213e\u0393\x00\u213f\u03a0\x00\u2140\u2211\x00\u2145D\x00\u2146d\x00" +
	"\u2147e\x00\u2148i\x00\u2149j\x00\u21501\u20447\x00\u21511\u20449\x00\u21521\u204410\x00" +
	"\u21531\u20443\x00\u21542\u20443\x00\u21551\u20445\x00\u21562\u20445\x00\u21573\u20445\x00" +
	"\u21584\u20445\x00\u21591\u20446\x00\u215a5\u20446\x00\u215b1\u20448\x00\u215c3\u20448\x00" +
	"\u215d5\u20448\x00\u215e7\u20448\x00\u215f1\u2044\x00\u2160I\x00\u2161II\x00\u2162III\x00" +
	"\u2163IV\x00\u2164V\x00\u2165VI\x00\u2166VII\x00\u2167VIII\x00\u2168IX\x00\u2169X\x00" +
	"\u216aXI\x00\u216bXII\x00\u216cL\x00\u216dC\x00\u216eD\x00\u216fM\x00\u2170i\x00" +
	"\u2171ii\x00\u2172iii\x00\u2173iv\x00\u2174v\x00\u2175vi\x00\u2176vii\x00\u2177viii\x00" +
	"\u2178ix\x00\u2179x\x00\u217axi\x00\u217bxii\x00\u217cl\x00\u217dc\x00\u217ed\x00" +
	"\u217fm\x00\u21890\u20443\x00\u24601\x00\u24612\x00\u24623\x00\u24634\x00\u24645\x00" +
	"\u24656\x00\u24667\x00\u24678\x00\u24689\x00\u246910\x00\u246a11\x00\u246b12\x00" +
	"\u246c13\x00\u246d14\x00\u246e15\x00\u246f16\x00\u247017\x00\u247118\x00\u247219\x00" +
	"\u247320\x00\u2474(1)\x00\u2475(2)\x00\u2476(3)\x00\u2477(4)\x00\u2478(5)\x00\u2479(6)\x00" +
	"\u247a(7)\x00\u247b(8)\x00\u247c(9)\x00\u247d(10)\x00\u247e(11)\x00\u247f(12)\x00" +
	"\u2480(13)\x00\u2481(14)\x00\u2482(15)\x00\u2483(16)\x00\u2484(17)\x00\u2485(18)\x00" +
	"\u2486(19)\x00\u2487(20)\x00\u24881.\x00\u24892.\x00\u248a3.\x00\u248b4.\x00\u248c5.\x00" +
	"\u248d6.\x00\u248e7.\x00\u248f8.\x00\u24909.\x00\u249110.\x00\u249211.\x00\u249312.\x00" +
	"\u249413.\x00\u249514.\x00\u249615.\x00\u249716.\x00\u249817.\x00\u249918.\x00" +
	"\u249a19.\x00\u249b20.\x00\u249c(a)\x00\u249d(b)\x00\u249e(c)\x00\u249f(d)\x00" +
	"\u24a0(e)\x00\u24a1(f)\x00\u24a2(g)\x00\u24a3(h)\x00\u24a4(i)\x00\u24a5(j)\x00" +
	"\u24a6(k)\x00\u24a7(l)\x00\u24a8(m)\x00\u24a9(n)\x00\u24aa(o)\x00\u24ab(p)\x00" +
	"\u24ac(q)\x00\u24ad(r)\x00\u24ae(s)\x00\u24af(t)\x00\u24b0(u)\x00\u24b1(v)\x00" +
	"\u24b2(w)\x00\u24b3(x)\x00\u24b4(y)\x00\u24b5(z)\x00\u24b6A\x00\u24b7B\x00\u24b8C\x00" +
	"\u24b9D\x00\u24baE\x00\u24bbF\x00\u24bcG\x00\u24bdH\x00\u24beI\x00\u24bfJ\x00\u24c0K\x00" +
	"\u24c1L\x00\u24c2M\x00\u24c3N\x00\u24c4O\x00\u24c5P\x00\u24c6Q\x00\u24c7R\x00\u24c8S\x00" +
	"\u24c9T\x00\u24caU\x00\u24cbV\x00\u24ccW\x00\u24cdX\x00\u24ceY\x00\u24cfZ\x00\u24d0a\x00" +
	"\u24d1b\x00\u24d2c\x00\u24d3d\x00\u24d4e\x00\u24d5f\x00\u24d6g\x00\u24d7h\x00\u24d8i\x00" +
	"\u24d9j\x00\u24dak\x00\u24dbl\x00\u24dcm\x00\u24ddn\x00\u24deo\x00\u24dfp\x00\u24e0q\x00" +
	"\u24e1r\x00\u24e2s\x00\u24e3t\x00\u24e4u\x00\u24e5v\x00\u24e6w\x00\u24e7x\x00\u24e8y\x00" +
	"\u24e9z\x00\u24ea0\x00\ufb00ff\x00\ufb01fi\x00\ufb02fl\x00\ufb03ffi\x00\ufb04ffl\x00" +
	"\ufb05st\x00\ufb06st\x00\uff01!\x00\uff02\"\x00\uff03#\x00\uff04$\x00\uff05%\x00" +
	"\uff06&\x00\uff07'\x00\uff08(\x00\uff09)\x00\uff0a*\x00\uff0b+\x00\uff0c,\x00\uff0d-\x00" +
	"\uff0e.\x00\uff0f/\x00\uff100\x00\uff111\x00\uff122\x00\uff133\x00\uff144\x00\uff155\x00" +
	"\uff166\x00\uff177\x00\uff188\x00\uff199\x00\uff1a:\x00\uff1b;\x00\uff1c<\x00\uff1d=\x00" +
	"\uff1e>\x00\uff1f?\x00\uff20@\x00\uff21A\x00\uff22B\x00\uff23C\x00\uff24D\x00\uff25E\x00" +
	"\uff26F\x00\uff27G\x00\uff28H\x00\uff29I\x00\uff2aJ\x00\uff2bK\x00\uff2cL\x00\uff2dM\x00" +
	"\uff2eN\x00\uff2fO\x00\uff30P\x00\uff31Q\x00\uff32R\x00\uff33S\x00\uff34T\x00\uff35U\x00" +
	"\uff36V\x00\uff37W\x00\uff38X\x00\uff39Y\x00\uff3aZ\x00\uff3b[\x00\uff3c\\\x00\uff3d]\x00" +
	"\uff3e^\x00\uff3f_\x00\uff40`\x00\uff41a\x00\uff42b\x00\uff43c\x00\uff44d\x00\uff45e\x00" +
	"\uff46f\x00\uff47g\x00\uff48h\x00\uff49i\x00\uff4aj\x00\uff4bk\x00\uff4cl\x00\uff4dm\x00" +
	"\uff4en\x00\uff4fo\x00\uff50p\x00\uff51q\x00\uff52r\x00\uff53s\x00\uff54t\x00\uff55u\x00" +
	"\uff56v\x00\uff57w\x00\uff58x\x00\uff59y\x00\uff5az\x00\uff5b{\x00\uff5c|\x00\uff5d}\x00" +
	"\uff5e~\x00\uff5f\u2985\x00\uff60\u2986\x00\uff61\u3002\x00\uff62\u300c\x00" +
	"\uff63\u300d\x00\uff64\u3001\x00\uff65\u30fb\x00\uff66\u30f2\x00\uff67\u30a1\x00" +
	"\uff68\u30a3\x00\uff69\u30a5\x00\uff6a\u30a7\x00\uff6b\u30a9\x00\uff6c\u30e3\x00" +
	"\uff6d\u30e5\x00\uff6e\u30e7\x00\uff6f\u30c3\x00\uff70\u30fc\x00\uff71\u30a2\x00" +
	"\uff72\u30a4\x00\uff73\u30a6\x00\uff74\u30a8\x00\uff75\u30aa\x00\uff76\u30ab\x00" +
	"\uff77\u30ad\x00\uff78\u30af\x00\uff79\u30b1\x00\uff7a\u30b3\x00\uff7b\u30b5\x00" +
	"\uff7c\u30b7\x00\uff7d\u30b9\x00\uff7e\u30bb\x00\uff7f\u30bd\x00\uff80\u30bf\x00" +
	"\uff81\u30c1\x00\uff82\u30c4\x00\uff83\u30c6\x00\uff84\u30c8\x00\uff85\u30ca\x00" +
	"\uff86\u30cb\x00\uff87\u30cc\x00\uff88\u30cd\x00\uff89\u30ce\x00\uff8a\u30cf\x00" +
	"\uff8b\u30d2\x00\uff8c\u30d5\x00\uff8d\u30d8\x00\uff8e\u30db\x00\uff8f\u30de\x00" +
	"\uff90\u30df\x00\uff91\u30e0\x00\uff92\u30e1\x00\uff93\u30e2\x00\uff94\u30e4\x00" +
	"\uff95\u30e6\x00\uff96\u30e8\x00\uff97\u30e9\x00\uff98\u30ea\x00\uff99\u30eb\x00" +
	"\uff9a\u30ec\x00\uff9b\u30ed\x00\uff9c\u30ef\x00\uff9d\u30f3\x00\uff9e\u3099\x00" +
	"\uff9f\u309a\x00\uffa0\u1160\x00\uffa1\u1100\x00\uffa2\u1101\x00\uffa3\u11aa\x00" +
	"\uffa4\u1102\x00\uffa5\u11ac\x00\uffa6\u11ad\x00\uffa7\u1103\x00\uffa8\u1104\x00" +
	"\uffa9\u1105\x00\uffaa\u11b0\x00\uffab\u11b1\x00\uffac\u11b2\x00\uffad\u11b3\x00" +
	"\uffae\u11b4\x00\uffaf\u11b5\x00\uffb0\u111a\x00\uffb1\u1106\x00\uffb2\u1107\x00" +
	"\uffb3\u1108\x00\uffb4\u1121\x00\uffb5\u1109\x00\uffb6\u110a\x00\uffb7\u110b\x00" +
	"\uffb8\u110c\x00\uffb9\u110d\x00\uffba\u110e\x00\uffbb\u110f\x00\uffbc\u1110\x00" +
	"\uffbd\u1111\x00\uffbe\u1112\x00\uffc2\u1161\x00\uffc3\u1162\x00\uffc4\u1163\x00" +
	"\uffc5\u1164\x00\uffc6\u1165\x00\uffc7\u1166\x00\uffca\u1167\x00\uffcb\u1168\x00" +
	"\uffcc\u1169\x00\uffcd\u116a\x00\uffce\u116b\x00\uffcf\u116c\x00\uffd2\u116d\x00" +
	"\uffd3\u116e\x00\uffd4\u116f\x00\uffd5\u1170\x00\uffd6\u1171\x00\uffd7\u1172\x00" +
	"\uffda\u1173\x00\uffdb\u1174\x00\uffdc\u1175\x00\uffe0\u00a2\x00\uffe1\u00a3\x00" +
	"\uffe2\u00ac\x00\uffe3 \u0304\x00\uffe4\u00a6\x00\uffe5\u00a5\x00\uffe6\u20a9\x00" +
	"\uffe8\u2502\x00\uffe9\u2190\x00\uffea\u2191\x00\uffeb\u2192\x00\uffec\u2193\x00" +
	"\uffed\u25a0\x00\uffee\u25cb\x00"
