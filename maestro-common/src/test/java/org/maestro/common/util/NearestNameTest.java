package org.maestro.common.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class NearestNameTest {
    private static final List<String> LINK = List.of("deliveryCount", "acceptedCount", "capacity", "linkName");

    @Test
    void aMisspellingFindsTheNameMeant() {
        assertEquals(Optional.of("deliveryCount"), NearestName.nearest("deliveryCont", LINK));
        assertEquals(Optional.of("capacity"), NearestName.nearest("Capacty", LINK), "case-insensitive");
        assertEquals(" (did you mean 'acceptedCount'?)", NearestName.hint("acceptedcnt", LINK, "it has"));
    }

    @Test
    void aNameFarFromEveryKnownOneListsThemSorted() {
        assertEquals(Optional.empty(), NearestName.nearest("heapBytes", LINK));
        assertEquals(" (it has acceptedCount, capacity, deliveryCount, linkName)", NearestName.hint("heapBytes", LINK, "it has"));
        assertEquals("", NearestName.hint("x", List.of(), "it has"));
    }

    @Test
    void aShortNameIsNotCloseToAnotherItSharesNothingWith() {
        // One edit, but every letter changed: 'c' does not mean 'a'.
        assertEquals(Optional.empty(), NearestName.nearest("c", List.of("a", "b")));
        assertEquals(Optional.empty(), NearestName.nearest("xy", List.of("ab")));
        assertEquals(Optional.of("ca"), NearestName.nearest("c", List.of("a", "ca")));
        assertEquals(Optional.of("rate"), NearestName.nearest("rat", List.of("rate", "size")));
    }

    @Test
    void distanceCountsEdits() {
        assertEquals(0, NearestName.distance("Rate", "rate"));
        assertEquals(1, NearestName.distance("rat", "rate"));
        assertEquals(3, NearestName.distance("kitten", "sitting"));
        assertEquals(1, NearestName.distance("rnu", "run"), "two neighbouring letters swapped are one edit");
        assertEquals(Optional.of("run"), NearestName.nearest("rnu", List.of("report", "run", "stats")));
    }
}
