package org.maestro.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a run tested: --tag KEY=VALUE first, Jenkins' environment for a key not given; kept apart from the labels. */
class BuildTagsTest {
    @TempDir
    Path tmp;

    @Test
    void aTagGivenWinsAndJenkinsFillsTheKeysNotGiven() {
        Map<String, String> jenkins = Map.of("BUILD_NUMBER", "77", "GIT_COMMIT", " 3f2a9c1 ", "HOME", "/root");
        assertEquals(Map.of("build", "412", "commit", "3f2a9c1", "sut", "artemis-2.31"),
                BuildTags.of(Map.of("build", "412", "sut", "artemis-2.31"), jenkins));
        assertEquals(Map.of("build", "77", "commit", "3f2a9c1"), BuildTags.of(Map.of(), jenkins));
        assertEquals(Map.of(), BuildTags.of(Map.of(), Map.of("BUILD_NUMBER", " ")), "a blank variable names nothing");
    }

    /** What the SUT said it is joins the tags under "sut", unless a --tag sut= said it; nothing said adds nothing. */
    @Test
    void theSutsOwnVersionIsTheSutUnlessATagNamedIt() {
        Map<String, String> given = Map.of("build", "412");
        assertEquals(Map.of("build", "412", BuildTags.SUT, "ActiveMQ Artemis 2.44.0"), BuildTags.withSut(given, "ActiveMQ Artemis 2.44.0"));
        assertEquals("ActiveMQ Artemis 2.44.0", BuildTags.sut(BuildTags.withSut(given, "ActiveMQ Artemis 2.44.0")));
        assertEquals(Map.of(BuildTags.SUT, "artemis-2.31"), BuildTags.withSut(Map.of(BuildTags.SUT, "artemis-2.31"), "ActiveMQ Artemis 2.44.0"));
        assertEquals(given, BuildTags.withSut(given, null));
        assertEquals(given, BuildTags.withSut(given, " "));
        assertNull(BuildTags.sut(given));
    }

    @Test
    void aTagWithoutAKeyOrValueIsRefusedNamingIt() {
        IllegalArgumentException noValue = assertThrows(IllegalArgumentException.class, () -> BuildTags.check("build", ""));
        assertTrue(noValue.getMessage().startsWith("--tag build=: give a value"), noValue.getMessage());
        IllegalArgumentException badKey = assertThrows(IllegalArgumentException.class, () -> BuildTags.check("my build", "4"));
        assertTrue(badKey.getMessage().startsWith("--tag my build=4: the key"), badKey.getMessage());
    }

    @Test
    void summaryJsonKeepsTheBuildApartFromTheTagsAndAnOlderOneReadsAsNone() throws Exception {
        Path file = tmp.resolve("summary.json");
        Summary.builder().testId("t").tags(List.of("nightly")).build(Map.of("build", "412")).build().write(file);
        Summary read = Summary.read(file);
        assertEquals("412", BuildTags.build(read.build()));
        assertEquals(List.of("nightly"), read.tags());

        Files.writeString(file, "{\"testId\": \"old\", \"tags\": [\"nightly\"]}");
        assertEquals(Map.of(), Summary.read(file).build());
        assertNull(BuildTags.build(Summary.read(file).build()));
    }
}
