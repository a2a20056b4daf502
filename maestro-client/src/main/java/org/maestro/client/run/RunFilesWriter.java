package org.maestro.client.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.maestro.common.runfiles.RunLayout;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes summary.json and junit.xml. In junit.xml each criterion and each peer is a test case; a
 * broken criterion is a failure carrying the measured value and the bound; a test that could not
 * run is an error, so Jenkins tells the two apart.
 */
public final class RunFilesWriter {
    public static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunFilesWriter() {
    }

    public static void write(Summary s, Path runDir) throws IOException {
        JSON.writeValue(runDir.resolve(RunLayout.SUMMARY_JSON).toFile(), s);
        try (OutputStream out = Files.newOutputStream(runDir.resolve("junit.xml"))) {
            XMLStreamWriter x = XMLOutputFactory.newInstance().createXMLStreamWriter(out, "UTF-8");
            x.writeStartDocument("UTF-8", "1.0");
            long failures = s.checks().stream().filter(c -> !c.passed()).count()
                    + s.peers().stream().filter(p -> !p.ok()).count();
            int errors = Summary.ERROR.equals(s.verdict()) ? 1 : 0;
            x.writeStartElement("testsuite");
            x.writeAttribute("name", "maestro." + s.name());
            x.writeAttribute("tests", Integer.toString(s.checks().size() + s.peers().size() + errors));
            x.writeAttribute("failures", Long.toString(errors == 1 ? s.checks().stream().filter(c -> !c.passed()).count() : failures));
            x.writeAttribute("errors", Integer.toString(errors));
            x.writeAttribute("timestamp", s.start());
            if (errors == 1) {
                x.writeStartElement("testcase");
                x.writeAttribute("classname", "maestro." + s.name());
                x.writeAttribute("name", "test run");
                x.writeStartElement("error");
                x.writeAttribute("message", String.join("; ", s.reasons()));
                x.writeCharacters(String.join("\n", s.reasons()));
                x.writeEndElement();
                x.writeEndElement();
            }
            for (Summary.Check c : s.checks()) {
                x.writeStartElement("testcase");
                x.writeAttribute("classname", "maestro." + s.name() + ".criteria");
                x.writeAttribute("name", c.criterion());
                if (!c.passed()) {
                    x.writeStartElement("failure");
                    x.writeAttribute("message", c.criterion() + ": measured " + c.measured() + ", bound " + c.bound());
                    x.writeCharacters("measured " + c.measured() + "\nbound " + c.bound());
                    x.writeEndElement();
                }
                x.writeEndElement();
            }
            for (Summary.PeerResult p : s.peers()) {
                x.writeStartElement("testcase");
                x.writeAttribute("classname", "maestro." + s.name() + ".peers");
                x.writeAttribute("name", p.role() + " " + p.name() + " on " + p.host());
                if (!p.ok() && errors == 0) {
                    x.writeStartElement("failure");
                    x.writeAttribute("message", p.end());
                    x.writeEndElement();
                }
                x.writeStartElement("system-out");
                x.writeCharacters(p.end());
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
}
