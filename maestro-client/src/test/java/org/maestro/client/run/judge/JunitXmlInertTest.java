package org.maestro.client.run.judge;

import org.maestro.results.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * junit.xml carries what peers said (their names and hosts, how they ended, a handler's reason): with control
 * characters escaped it stays well-formed XML (a raw ESC is not even allowed in XML 1.0) and forges no line in a CI's
 * console.
 */
class JunitXmlInertTest {
    private static final String FORGED = "\u001b[31mFORGED\r\n";

    @Test
    void textFromPeersIsEscapedAndTheFileStaysWellFormed(@TempDir Path run) throws Exception {
        Summary.Latency none = new Summary.Latency(0, 0, 0, 0, 0, 0);
        Summary.PeerResult peer = Summary.PeerResult.builder().name("sender" + FORGED).role("sender")
                .host("host" + FORGED)
                .messages(10L).rate(1.0).responseTime(none).serviceTime(none).sendDelay(none).lost(0L).duplicated(0L)
                .outOfOrder(0L).ok(false).end("failed: broker gone" + FORGED).files(List.of())
                .dataMissing("files gone" + FORGED)
                .build();
        Summary.Check check = new Summary.Check("agent action fail.sh at 1.0 s", false,
                "failed: exit status 1; last output: " + FORGED, "succeeded");
        Summary.Totals totals = new Summary.Totals(10L, 10L, 0L, 0L, 0L, 1.0, 1.0, none, none, none);
        for (String verdict : List.of(Summary.FAILED, Summary.ERROR)) {
            Summary s = Summary.builder().testId("t-1").name("forged").description("").start("2026-01-01T00:00:00Z")
                    .end("2026-01-01T00:00:01Z").parameters(Map.of()).peers(List.of(peer)).totals(totals)
                    .checks(List.of(check))
                    .verdict(verdict).reasons(List.of("sender failed: " + FORGED)).build();
            RunFilesWriter.write(s, run);
            String xml = Files.readString(run.resolve("junit.xml"), StandardCharsets.UTF_8);
            assertFalse(xml.contains("\u001b") || xml.contains("\r"), verdict + ": a raw control character in junit.xml:\n" + xml);
            Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(run.resolve("junit.xml").toFile());
            String all = doc.getDocumentElement().getTextContent() + xml;
            assertTrue(all.contains("\\u001b[31mFORGED\\r\\n"), verdict + ": the text is kept, escaped:\n" + xml);
            assertEquals("testsuite", doc.getDocumentElement().getTagName());
        }
    }
}
