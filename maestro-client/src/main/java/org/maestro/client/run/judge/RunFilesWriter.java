package org.maestro.client.run.judge;

import org.maestro.results.Summary;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.util.SafeText;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/**
 * Writes summary.json and junit.xml. In junit.xml each criterion and each peer is a test case; a
 * broken criterion is a failure carrying the measured value and the bound; a criterion that could not be
 * evaluated (its data is missing) is skipped, saying why; a test that could not run is an error, so Jenkins
 * tells them apart. A peer whose data is missing says so in its system-out.
 *
 * <p>Times ({@code time}, seconds, as JUnit's readers expect) are the run's wall time from the summary's start to its
 * end, as the client's clock measured it: on the suite, and on each test case, since each case (a criterion, a peer)
 * is a judgement over the whole run. Jenkins takes the suite's time as the suite's duration (it does not add up the
 * cases'). A summary without both instants has no time at all, never a made-up one.
 */
public final class RunFilesWriter {
    private RunFilesWriter() {
    }

    /**
     * Text that came from peers (names, hosts, reasons, a handler's output) with its control characters escaped:
     * a raw ESC or CR would forge a line in a CI's console, and most control characters are not even allowed in XML.
     */
    private static String inert(String text) {
        return SafeText.of(text, Integer.MAX_VALUE);
    }

    public static void write(Summary s, Path runDir) throws IOException {
        s.write(runDir.resolve(RunLayout.SUMMARY_JSON));
        try (OutputStream out = Files.newOutputStream(runDir.resolve(RunLayout.JUNIT_XML))) {
            XMLStreamWriter x = XMLOutputFactory.newInstance().createXMLStreamWriter(out, "UTF-8");
            x.writeStartDocument("UTF-8", "1.0");
            long brokenChecks = s.checks().stream().filter(Summary.Check::failed).count();
            long failures = brokenChecks + s.peers().stream().filter(p -> !p.ok()).count();
            // An interrupted run is an error to Jenkins too: it did not test what it was meant to.
            int errors = Summary.ERROR.equals(s.verdict()) || Summary.INTERRUPTED.equals(s.verdict()) ? 1 : 0;
            x.writeStartElement("testsuite");
            x.writeAttribute("name", "maestro." + inert(s.name()));
            x.writeAttribute("tests", Integer.toString(s.checks().size() + s.peers().size() + errors));
            x.writeAttribute("failures", Long.toString(errors == 1 ? brokenChecks : failures));
            x.writeAttribute("errors", Integer.toString(errors));
            x.writeAttribute("skipped", Long.toString(s.checks().stream().filter(c -> !c.evaluated()).count()));
            x.writeAttribute("timestamp", s.start());
            String seconds = wallSeconds(s);
            time(x, seconds);
            if (errors == 1) {
                x.writeStartElement("testcase");
                x.writeAttribute("classname", "maestro." + inert(s.name()));
                x.writeAttribute("name", "test run");
                time(x, seconds);
                x.writeStartElement("error");
                x.writeAttribute("type", s.verdict());
                List<String> reasons = s.reasons().stream().map(RunFilesWriter::inert).toList();
                x.writeAttribute("message", String.join("; ", reasons));
                x.writeCharacters(String.join("\n", reasons));
                x.writeEndElement();
                x.writeEndElement();
            }
            for (Summary.Check c : s.checks()) {
                x.writeStartElement("testcase");
                x.writeAttribute("classname", "maestro." + inert(s.name()) + ".criteria");
                x.writeAttribute("name", inert(c.criterion()));
                time(x, seconds);
                if (!c.evaluated()) {
                    x.writeStartElement("skipped");
                    x.writeAttribute("message", inert(c.criterion() + ": " + c.measured()));
                    x.writeEndElement();
                } else if (c.failed()) {
                    x.writeStartElement("failure");
                    x.writeAttribute("message", inert(c.criterion() + ": measured " + c.measured() + ", bound " + c.bound()));
                    x.writeCharacters("measured " + inert(c.measured()) + "\nbound " + inert(c.bound()));
                    x.writeEndElement();
                }
                x.writeEndElement();
            }
            for (Summary.PeerResult p : s.peers()) {
                x.writeStartElement("testcase");
                x.writeAttribute("classname", "maestro." + inert(s.name()) + ".peers");
                x.writeAttribute("name", inert(p.role() + " " + p.name() + " on " + p.host()));
                time(x, seconds);
                if (!p.ok() && errors == 0) {
                    x.writeStartElement("failure");
                    x.writeAttribute("message", inert(p.end()));
                    x.writeEndElement();
                }
                x.writeStartElement("system-out");
                x.writeCharacters(inert(p.end() + (p.dataMissing() == null ? "" : "\ndata missing: " + p.dataMissing())));
                x.writeEndElement();
                x.writeEndElement();
            }
            x.writeEndElement();
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write junit.xml: " + e.getMessage(), e);
        }
    }

    /** The run's wall time in seconds, to the millisecond ("12.345"), or null when the summary lacks its start or end. */
    static String wallSeconds(Summary s) {
        if (s.start() == null || s.end() == null) {
            return null;
        }
        try {
            Duration d = Duration.between(Instant.parse(s.start()), Instant.parse(s.end()));
            return d.isNegative() ? null : String.format(Locale.ROOT, "%.3f", d.toNanos() / 1e9);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static void time(XMLStreamWriter x, String seconds) throws XMLStreamException {
        if (seconds != null) {
            x.writeAttribute("time", seconds);
        }
    }
}
