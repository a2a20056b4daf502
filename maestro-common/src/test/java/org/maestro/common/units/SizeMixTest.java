package org.maestro.common.units;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SizeMixTest {

    @Test
    void aSingleSizeWithItsVariation() {
        MessageSize s = MessageSize.parse("~1 KiB ±10 %");
        assertEquals(new MessageSize(1024, 10), s);
        assertEquals(922, s.minBytes());
        assertEquals(1126, s.maxBytes());
        assertEquals("~1KiB±10%", s.toString());
        assertEquals(s, MessageSize.parse(s.toString()), "its text reads back");
        assertEquals(new MessageSize(1024, 5), MessageSize.parse("~1KiB"), "~ alone: 5 %");
        assertEquals(new MessageSize(2048, 0), MessageSize.parse("2 KiB"));
        assertEquals(new MessageSize(1000, 20), MessageSize.parse("1000 +-20%"));
    }

    @Test
    void weightedSizesAreDrawnByWeight() {
        SizeMix mix = SizeMix.parse("512B: 80, ~4 KiB ±10 %: 20");
        assertEquals("512: 80, ~4KiB±10%: 20", mix.toString());
        assertEquals(mix, SizeMix.parse(mix.toString()));
        assertEquals(512, mix.minBytes());
        assertEquals(4506, mix.maxBytes());
        SplittableRandom random = new SplittableRandom(7);
        int small = 0;
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            int size = mix.draw(random);
            assertTrue(size == 512 || (size >= 3686 && size <= 4506), "drawn " + size);
            small += size == 512 ? 1 : 0;
        }
        assertEquals(0.8, small / (double) n, 0.01, "80 of 100 by weight");
    }

    @Test
    void aSingleSizeIsAMixOfOne() {
        assertEquals(SizeMix.of(MessageSize.parse("4KiB")), SizeMix.parse("4KiB"));
        assertEquals("4KiB", SizeMix.parse("4KiB").toString());
    }

    @Test
    void errorsNameTheShareThatIsWrong() {
        assertEquals("bad message size '512B: 80, 4KB: 20': '4KB' is not a size; expected a size like 1KiB or ~1KiB ±10%, or"
                + " weighted sizes like '512B: 80, 4KiB: 20'", assertThrows(UnitFormatException.class,
                () -> SizeMix.parse("512B: 80, 4KB: 20")).getMessage());
        assertTrue(assertThrows(UnitFormatException.class, () -> SizeMix.parse("512B: 0")).getMessage()
                .contains("the weight '0' of 512 is not a positive whole number"));
        assertTrue(assertThrows(UnitFormatException.class, () -> SizeMix.parse("512B: 80, 4KiB")).getMessage()
                .contains("'4KiB' has no weight (SIZE: WEIGHT)"));
        assertTrue(assertThrows(UnitFormatException.class, () -> MessageSize.parse("1KiB ±0%")).getMessage()
                .contains("a variation must be from 1 to 90 %"));
    }
}
