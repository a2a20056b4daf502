package org.maestro.client.cli;

import org.maestro.common.runfiles.RunLayout;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The JUnit file of a script of several tests: {@code <runs>/<yyyyMMdd-HHmmss>-<script>}{@value
 * RunLayout#SUITE_JUNIT_SUFFIX}, a {@code <testsuites>} holding each run's own test suites, taken as they are from its
 * junit.xml (its criteria and peers, and its baseline suite when it was compared), so Jenkins reads the whole matrix
 * from one file. A run without a junit.xml, or a test that wrote no run at all (its {@code --local} cluster did not
 * start), is an error suite of its own, never left out.
 */
public final class SuiteJunit {
    private SuiteJunit() {
    }

    /**
     * One test of the script: the run it wrote, or, when it wrote none (its --local cluster did not start, it was
     * refused before any peer was touched), its name and why.
     */
    public record Entry(Path runDir, String testName, String notRunReason) {
        public static Entry ran(Path runDir) {
            return new Entry(runDir, null, null);
        }

        public static Entry notRun(String testName, String reason) {
            return new Entry(null, testName, reason);
        }
    }

    /** Writes the suite of {@code runDirs} into {@code runsDir}; returns its path. */
    public static Path write(Path runsDir, LocalDateTime start, String scriptName, List<Path> runDirs) throws IOException {
        return writeEntries(runsDir, start, scriptName, runDirs.stream().map(Entry::ran).toList());
    }

    /** Writes the suite of {@code tests} into {@code runsDir}, a test that did not run as an error suite; returns its path. */
    public static Path writeEntries(Path runsDir, LocalDateTime start, String scriptName, List<Entry> tests) throws IOException {
        String name = scriptName.replaceFirst("\\.groovy$", "");
        Path file = runsDir.resolve(RunLayout.runDirName(start, name) + RunLayout.SUITE_JUNIT_SUFFIX);
        Files.createDirectories(runsDir);
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document suite = f.newDocumentBuilder().newDocument();
            Element root = suite.createElement("testsuites");
            root.setAttribute("name", "maestro." + name);
            suite.appendChild(root);
            long[] sums = new long[4]; // tests, failures, errors, skipped
            for (Entry test : tests) {
                Path runDir = test.runDir();
                if (runDir == null) {
                    root.appendChild(error(suite, test.testName(), "the test did not run: " + test.notRunReason()));
                    sums[0]++;
                    sums[2]++;
                    continue;
                }
                Path junit = runDir.resolve(RunLayout.JUNIT_XML);
                if (!Files.isRegularFile(junit)) {
                    root.appendChild(error(suite, runDir.getFileName().toString(), "the run wrote no " + RunLayout.JUNIT_XML + " (" + runDir + ")"));
                    sums[0]++;
                    sums[2]++;
                    continue;
                }
                Element own = f.newDocumentBuilder().parse(junit.toFile()).getDocumentElement();
                List<Element> suites = own.getTagName().equals("testsuite") ? List.of(own) : children(own);
                for (Element s : suites) {
                    Element copy = (Element) suite.importNode(s, true);
                    root.appendChild(copy);
                    String[] counts = {"tests", "failures", "errors", "skipped"};
                    for (int i = 0; i < counts.length; i++) {
                        sums[i] += parse(copy.getAttribute(counts[i]));
                    }
                }
            }
            root.setAttribute("tests", Long.toString(sums[0]));
            root.setAttribute("failures", Long.toString(sums[1]));
            root.setAttribute("errors", Long.toString(sums[2]));
            root.setAttribute("skipped", Long.toString(sums[3]));
            StringWriter out = new StringWriter();
            var t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            t.transform(new DOMSource(suite), new StreamResult(out));
            Files.writeString(file, out.toString());
            return file;
        } catch (ParserConfigurationException | TransformerException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        } catch (SAXException e) {
            throw new IOException("cannot write " + file + ": a run's " + RunLayout.JUNIT_XML + " is not readable XML: "
                    + e.getMessage(), e);
        }
    }

    /** A suite of one test case in error: {@code message} says why. */
    private static Element error(Document suite, String name, String message) {
        Element s = suite.createElement("testsuite");
        s.setAttribute("name", "maestro." + name);
        s.setAttribute("tests", "1");
        s.setAttribute("failures", "0");
        s.setAttribute("errors", "1");
        s.setAttribute("skipped", "0");
        Element c = suite.createElement("testcase");
        c.setAttribute("classname", "maestro." + name);
        c.setAttribute("name", "test run");
        Element e = suite.createElement("error");
        e.setAttribute("message", message);
        c.appendChild(e);
        s.appendChild(c);
        return s;
    }

    private static List<Element> children(Element root) {
        List<Element> out = new ArrayList<>();
        for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals("testsuite")) {
                out.add(e);
            }
        }
        return out;
    }

    private static long parse(String count) {
        try {
            return count.isEmpty() ? 0 : Long.parseLong(count);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
