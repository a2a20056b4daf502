package org.maestro.common.note;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

class ClockSourceTest {
    private static final ClockSource CLIENT = new ClockSource("boot-a", "100-aa");

    @Test
    void theSameProcessTheSameBootOrNeitherKnown() {
        assertEquals(ClockSource.SAME_PROCESS, CLIENT.sharedWith(new ClockSource("boot-a", "100-aa")));
        assertEquals(ClockSource.SAME_HOST, CLIENT.sharedWith(new ClockSource("boot-a", "200-bb")));
        assertNull(CLIENT.sharedWith(new ClockSource("boot-b", "200-bb")), "another host: estimated");
        assertNull(CLIENT.sharedWith(ClockSource.UNKNOWN), "an older peer that did not say: estimated");
        assertNull(ClockSource.UNKNOWN.sharedWith(ClockSource.UNKNOWN), "two unknown boot ids are not one host");
    }

    @Test
    void thisJvmKnowsItsBootIdOnLinuxAndAProcessTokenOfItsOwn(@TempDir Path tmp) throws Exception {
        if (Files.isReadable(ClockSource.BOOT_ID)) {
            assertEquals(Files.readString(ClockSource.BOOT_ID).trim(), ClockSource.local().bootId());
        }
        assertFalse(ClockSource.local().process().isEmpty());
        assertEquals(ClockSource.SAME_PROCESS, ClockSource.local().sharedWith(ClockSource.local()));
        assertEquals("", ClockSource.readBootId(tmp.resolve("none")), "not Linux: unknown");
        Files.writeString(tmp.resolve("boot_id"), "6f1c\n");
        assertEquals("6f1c", ClockSource.readBootId(tmp.resolve("boot_id")));
    }
}
