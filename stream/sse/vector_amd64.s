#include "textflag.h"

// The three tables of the lookup check, each 16 entries indexed by a nibble, loaded into both
// 128-bit lanes, as VPSHUFB looks up in each lane on its own. Each entry is the set of errors
// that nibble allows; a pair of bytes is an error when all three lookups share one. Bits: 0x01
// too short, 0x02 too long, 0x04 overlong 3, 0x08 too large, 0x10 surrogate, 0x20 overlong 2,
// 0x40 overlong 4 or too large from 1000, 0x80 two continuations.

// byte1High: by the high nibble of the first byte of a pair.
DATA byte1High<>+0x00(SB)/8, $0x0202020202020202
DATA byte1High<>+0x08(SB)/8, $0x4915012180808080
GLOBL byte1High<>(SB), RODATA|NOPTR, $16

// byte1Low: by the low nibble of the first byte of a pair.
DATA byte1Low<>+0x00(SB)/8, $0xCBCBCB8B8383A3E7
DATA byte1Low<>+0x08(SB)/8, $0xCBCBDBCBCBCBCBCB
GLOBL byte1Low<>(SB), RODATA|NOPTR, $16

// byte2High: by the high nibble of the second byte of a pair.
DATA byte2High<>+0x00(SB)/8, $0x0101010101010101
DATA byte2High<>+0x08(SB)/8, $0x01010101BABAAEE6
GLOBL byte2High<>(SB), RODATA|NOPTR, $16

// highBits is the high bit of each of 32 bytes.
DATA highBits<>+0x00(SB)/8, $0x8080808080808080
DATA highBits<>+0x08(SB)/8, $0x8080808080808080
DATA highBits<>+0x10(SB)/8, $0x8080808080808080
DATA highBits<>+0x18(SB)/8, $0x8080808080808080
GLOBL highBits<>(SB), RODATA|NOPTR, $32

// func blocksWellFormedAVX2(p *byte, n int) bool
TEXT ·blocksWellFormedAVX2(SB), NOSPLIT, $0-17
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	VBROADCASTI128 byte1High<>(SB), Y10
	VBROADCASTI128 byte1Low<>(SB), Y11
	VBROADCASTI128 byte2High<>(SB), Y12
	MOVQ           $0x0F, AX
	MOVQ           AX, X13
	VPBROADCASTB   X13, Y13 // the low nibble of every byte
	// A byte two places after a lead of at least 0xE0 must be a continuation, and three places
	// after one of at least 0xF0: subtracting 0xE0-0x80 and 0xF0-0x80 with saturation leaves
	// the high bit set exactly after those leads.
	MOVQ           $0x60, AX
	MOVQ           AX, X14
	VPBROADCASTB   X14, Y14
	MOVQ           $0x70, AX
	MOVQ           AX, X15
	VPBROADCASTB   X15, Y15
	VPXOR   Y9, Y9, Y9 // the block before the first: as if ASCII
	VPXOR   Y8, Y8, Y8 // the errors found

loop:
	VMOVDQU (SI), Y0

	// Y1 = the previous block's high lane and this block's low lane, so that VPALIGNR can
	// give each byte the one, two and three bytes before it.
	VPERM2I128 $0x21, Y0, Y9, Y1
	VPALIGNR   $15, Y1, Y0, Y2 // prev1
	VPALIGNR   $14, Y1, Y0, Y3 // prev2
	VPALIGNR   $13, Y1, Y0, Y4 // prev3

	VPSRLW  $4, Y2, Y5
	VPAND   Y13, Y5, Y5
	VPSHUFB Y5, Y10, Y5 // by prev1's high nibble
	VPAND   Y13, Y2, Y6
	VPSHUFB Y6, Y11, Y6 // by prev1's low nibble
	VPSRLW  $4, Y0, Y7
	VPAND   Y13, Y7, Y7
	VPSHUFB Y7, Y12, Y7 // by this byte's high nibble
	VPAND   Y6, Y5, Y5
	VPAND   Y7, Y5, Y5  // the pair's errors

	// A continuation two or three bytes after a three- or four-byte lead is the one case the
	// pair check marks "two continuations" that is no error.
	VPSUBUSB Y14, Y3, Y3
	VPSUBUSB Y15, Y4, Y4
	VPOR     Y4, Y3, Y3
	VPAND    highBits<>(SB), Y3, Y3
	VPXOR    Y3, Y5, Y5
	VPOR     Y5, Y8, Y8

	VMOVDQU Y0, Y9
	ADDQ    $32, SI
	SUBQ    $32, CX
	JNZ     loop

	VPTEST     Y8, Y8
	SETEQ      ret+16(FP)
	VZEROUPPER
	RET

// func eolBitsAVX2(dst *uint64, p *byte, n int)
TEXT ·eolBitsAVX2(SB), NOSPLIT, $0-24
	MOVQ         dst+0(FP), DI
	MOVQ         p+8(FP), SI
	MOVQ         n+16(FP), CX
	MOVQ         $0x0A, AX
	MOVQ         AX, X1
	VPBROADCASTB X1, Y1 // LF in every byte
	MOVQ         $0x0D, AX
	MOVQ         AX, X2
	VPBROADCASTB X2, Y2 // CR in every byte

eolLoop:
	VMOVDQU   (SI), Y3
	VMOVDQU   32(SI), Y4
	VPCMPEQB  Y1, Y3, Y5
	VPCMPEQB  Y2, Y3, Y6
	VPOR      Y6, Y5, Y5
	VPCMPEQB  Y1, Y4, Y7
	VPCMPEQB  Y2, Y4, Y8
	VPOR      Y8, Y7, Y7
	VPMOVMSKB Y5, AX
	VPMOVMSKB Y7, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	MOVQ      AX, (DI)
	ADDQ      $64, SI
	ADDQ      $8, DI
	SUBQ      $64, CX
	JNZ       eolLoop
	VZEROUPPER
	RET
