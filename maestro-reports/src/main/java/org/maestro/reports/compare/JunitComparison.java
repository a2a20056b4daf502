package org.maestro.reports.compare;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.maestro.results.ComparisonJson;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.maestro.reports.AtomicFile;
import org.maestro.results.Format;

/**
 * Puts a comparison into a run's junit.xml as a test suite of its own ({@code maestro.NAME.baseline}): a test case
 * per metric, a failure for each one worse than the baseline (or missing, or not judged: {@link MetricVerdict#NOT_JUDGED}),
 * so Jenkins' JUnit step fails the nightly on a regression and on a comparison that cannot tell; an inconclusive metric
 * ({@link MetricVerdict#INCONCLUSIVE}) is a skipped test case, or a failure when the run fails on it. The run's own suite is kept;
 * the root becomes {@code <testsuites>}; an earlier comparison's suite is replaced. The suite's {@code time} is how long the
 * comparison took (reading the runs, judging, writing); its test cases have none of their own: the metrics are judged together, not one after the other.
 */
final class JunitComparison {
    private JunitComparison() {
    }

    static void addTo(Path junitXml, ComparisonJson comparison, Duration took) throws IOException {
        addTo(junitXml, comparison, took, false);
    }

    /**
     * @param failInconclusive an inconclusive metric is a failure ("inconclusive: …"); else it is {@code <skipped>}:
     *                         Jenkins shows it apart from a pass, without failing the build
     */
    static void addTo(Path junitXml, ComparisonJson comparison, Duration took, boolean failInconclusive) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc;
            Element root;
            if (Files.isRegularFile(junitXml)) {
                doc = f.newDocumentBuilder().parse(junitXml.toFile());
                root = doc.getDocumentElement();
                if (root.getTagName().equals("testsuite")) {
                    Element suites = doc.createElement("testsuites");
                    doc.replaceChild(suites, root);
                    suites.appendChild(root);
                    root = suites;
                } else if (!root.getTagName().equals("testsuites")) {
                    throw new IOException(junitXml + " is not JUnit XML: its root is <" + root.getTagName() + ">");
                }
            } else {
                doc = f.newDocumentBuilder().newDocument();
                root = doc.createElement("testsuites");
                doc.appendChild(root);
            }
            String suiteName = "maestro." + comparison.name() + ".baseline";
            NodeList old = root.getElementsByTagName("testsuite");
            for (int i = old.getLength() - 1; i >= 0; i--) {
                Node n = old.item(i);
                if (suiteName.equals(((Element) n).getAttribute("name"))) {
                    root.removeChild(n);
                }
            }
            Element suite = suite(doc, suiteName, comparison, failInconclusive);
            suite.setAttribute("time", String.format(Locale.ROOT, "%.3f", took.toNanos() / 1e9));
            root.appendChild(suite);
            StringWriter out = new StringWriter();
            var t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.INDENT, "yes");
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            t.transform(new DOMSource(doc), new StreamResult(out));
            AtomicFile.write(junitXml, out.toString());
        } catch (ParserConfigurationException | TransformerException e) {
            throw new IOException("cannot write " + junitXml + ": " + e.getMessage(), e);
        } catch (SAXException e) {
            throw new IOException(junitXml + " is not readable XML: " + e.getMessage(), e);
        }
    }

    private static Element suite(Document doc, String name, ComparisonJson comparison, boolean failInconclusive) {
        Element suite = doc.createElement("testsuite");
        suite.setAttribute("name", name);
        // The family-wise rule once for the suite: each test case's threshold is the one it set for that metric.
        Element properties = doc.createElement("properties");
        Element rule = doc.createElement("property");
        rule.setAttribute("name", "rule");
        rule.setAttribute("value", comparison.rule().text());
        properties.appendChild(rule);
        suite.appendChild(properties);
        int failures = 0;
        int skipped = 0;
        int n = comparison.baselines().size();
        String against = n > 1 ? n + " baselines" : "baseline " + comparison.baseline();
        for (ComparisonJson.MetricResult m : comparison.metrics()) {
            Element tc = doc.createElement("testcase");
            tc.setAttribute("classname", name);
            tc.setAttribute("name", m.metric() + " vs " + against);
            String verdict = m.verdict();
            String text = m.metric() + ": " + value(m.value(), m) + " against " + value(m.baseline(), m)
                    + (m.changePercent() != null ? String.format(" (%+.1f %%)", m.changePercent()) : "")
                    + (m.threshold() == null ? "" : ", threshold \u00b1" + value(m.threshold(), m)) + " (" + m.basis() + "): " + verdict
                    + detectable(comparison, m.metric());
            boolean notJudged = verdict.equals(MetricVerdict.NOT_JUDGED);
            boolean inconclusive = verdict.equals(MetricVerdict.INCONCLUSIVE);
            if (inconclusive && !failInconclusive) {
                // Neither a pass nor a regression: the nightly cannot trust "same" here, and more runs would tell.
                Element skip = doc.createElement("skipped");
                skip.setAttribute("message", text);
                tc.appendChild(skip);
                skipped++;
            } else if (verdict.equals(MetricVerdict.WORSE) || verdict.equals(MetricVerdict.MISSING) || notJudged || inconclusive) {
                // Not judged fails as well: the nightly cannot tell this figure is the same.
                Element failure = doc.createElement("failure");
                failure.setAttribute("message", (notJudged || inconclusive ? "" : "regression: ") + text);
                failure.setTextContent(text);
                tc.appendChild(failure);
                failures++;
            } else {
                Element out = doc.createElement("system-out");
                out.setTextContent(text);
                tc.appendChild(out);
            }
            suite.appendChild(tc);
        }
        int tests = comparison.metrics().size();
        if (comparison.notComparable() != null) {
            // Every metric may read "same" while the load was another: the nightly must not pass on that.
            Element tc = doc.createElement("testcase");
            tc.setAttribute("classname", name);
            tc.setAttribute("name", "same load as " + against);
            Element failure = doc.createElement("failure");
            failure.setAttribute("message", Comparison.NOT_COMPARABLE + ": " + comparison.notComparable());
            failure.setTextContent(comparison.notComparable());
            tc.appendChild(failure);
            suite.appendChild(tc);
            failures++;
            tests++;
        }
        Element out = doc.createElement("system-out");
        out.setTextContent("rule: " + comparison.rule().text());
        suite.appendChild(out);
        suite.setAttribute("tests", Integer.toString(tests));
        suite.setAttribute("failures", Integer.toString(failures));
        suite.setAttribute("skipped", Integer.toString(skipped));
        suite.setAttribute("errors", "0");
        return suite;
    }

    /**
     * "; smallest detectable fall 2.4 %": the figure the comparison computed for a headline metric (its
     * {@link ComparisonJson.Detectable}), "" for any other.
     */
    private static String detectable(ComparisonJson comparison, String metric) {
        return comparison.detectable().stream().filter(d -> d.metric().equals(metric)).findFirst()
                .map(d -> "; smallest detectable " + d.worse() + " " + Format.number(d.percent()) + " %").orElse("");
    }

    private static String value(Double v, ComparisonJson.MetricResult metric) {
        return v == null ? "none" : Format.number(v) + " " + metric.unit();
    }
}
