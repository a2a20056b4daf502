package org.maestro.common.util;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NaturalOrderTest {
    @Test
    void numbersInNamesCompareByValue() {
        List<String> names = new ArrayList<>(List.of("inspector-10", "inspector-2", "inspector-1", "inspector-router-10",
                "inspector-router-2", "receiver-1", "inspector-11"));
        names.sort(NaturalOrder.NAMES);
        assertEquals(List.of("inspector-1", "inspector-2", "inspector-10", "inspector-11", "inspector-router-2",
                "inspector-router-10", "receiver-1"), names);
    }

    @Test
    void theOrderIsTotalAndConsistentWithEquals() {
        assertEquals(0, NaturalOrder.NAMES.compare("a-7", "a-7"));
        assertTrue(NaturalOrder.NAMES.compare("a-7", "a-07") != 0, "leading zeros: equal value, still two names");
        assertEquals(-Integer.signum(NaturalOrder.NAMES.compare("a-07", "a-7")), Integer.signum(NaturalOrder.NAMES.compare("a-7", "a-07")));
        assertTrue(NaturalOrder.NAMES.compare("a", "a-1") < 0, "a prefix first");
        assertTrue(NaturalOrder.NAMES.compare("s-99999999999999999999", "s-100000000000000000000") < 0, "no overflow");
    }
}
