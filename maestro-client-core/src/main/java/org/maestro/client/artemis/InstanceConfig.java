package org.maestro.client.artemis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/** Edits of the configuration that {@code artemis create} wrote into an instance's etc directory. */
final class InstanceConfig {

    private static final Pattern TCP_AUTHORITY = Pattern.compile("^\\s*tcp://[^?]*");
    private static final Pattern PROTOCOLS_PARAMETER = Pattern.compile("protocols=[^;&]*");

    private InstanceConfig() {
    }

    /**
     * etc/broker.xml: one acceptor "artemis" for every protocol on 127.0.0.1:amqpPort, no other;
     * etc/bootstrap.xml: the web server on 127.0.0.1:webPort; etc/jolokia-access.xml: CORS accepts
     * {@link StandaloneArtemis#JOLOKIA_ORIGIN}.
     */
    static void listenOnLocalhost(Path etc, int amqpPort, int webPort) throws IOException {
        Path brokerXml = etc.resolve("broker.xml");
        Document broker = parse(brokerXml);
        Element acceptors = single(broker, "acceptors", brokerXml);
        Element kept = null;
        for (Element acceptor : children(acceptors, "acceptor")) {
            if (kept == null && "artemis".equals(acceptor.getAttribute("name"))) {
                kept = acceptor;
            } else {
                acceptors.removeChild(acceptor);
            }
        }
        String template = kept == null ? "" : kept.getTextContent().trim();
        if (!TCP_AUTHORITY.matcher(template).find()) {
            throw new IOException(brokerXml + " has no tcp acceptor named \"artemis\" to reconfigure"
                    + (kept == null ? "" : ": " + template));
        }
        String url = TCP_AUTHORITY.matcher(template).replaceFirst(Matcher.quoteReplacement("tcp://127.0.0.1:" + amqpPort));
        url = PROTOCOLS_PARAMETER.matcher(url).find()
                ? PROTOCOLS_PARAMETER.matcher(url).replaceFirst("protocols=" + StandaloneArtemis.PROTOCOLS)
                : url + (url.contains("?") ? ";" : "?") + "protocols=" + StandaloneArtemis.PROTOCOLS;
        kept.setTextContent(url);
        write(broker, brokerXml);

        Path bootstrapXml = etc.resolve("bootstrap.xml");
        Document bootstrap = parse(bootstrapXml);
        Element web = single(bootstrap, "web", bootstrapXml);
        List<Element> bindings = children(web, "binding");
        String uri = "http://127.0.0.1:" + webPort;
        if (!bindings.isEmpty()) {
            bindings.forEach(binding -> binding.setAttribute("uri", uri));
        } else if (web.hasAttribute("bind")) {
            web.setAttribute("bind", uri); // the layout before Artemis 2.31
        } else {
            throw new IOException(bootstrapXml + " has a <web> element with neither a <binding> nor a bind attribute");
        }
        write(bootstrap, bootstrapXml);

        Path jolokiaXml = etc.resolve("jolokia-access.xml");
        Document jolokia = parse(jolokiaXml);
        Element cors = single(jolokia, "cors", jolokiaXml);
        boolean allowed = children(cors, "allow-origin").stream()
                .map(e -> e.getTextContent().trim())
                .anyMatch(glob -> StandaloneArtemis.JOLOKIA_ORIGIN.matches(Pattern.quote(glob).replace("*", "\\E.*\\Q")));
        if (!allowed) {
            Element origin = jolokia.createElementNS(cors.getNamespaceURI(), "allow-origin");
            origin.setTextContent("*://127.0.0.1*");
            cors.insertBefore(origin, cors.getFirstChild());
            write(jolokia, jolokiaXml);
        }
    }

    private static Document parse(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            return builder.parse(in, file.toUri().toString());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("cannot parse " + file + ": " + e.getMessage(), e);
        }
    }

    private static void write(Document document, Path file) throws IOException {
        try {
            Transformer transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            transformer.transform(new DOMSource(document), new StreamResult(file.toFile()));
        } catch (TransformerException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static Element single(Document document, String localName, Path file) throws IOException {
        NodeList found = document.getElementsByTagNameNS("*", localName);
        if (found.getLength() != 1) {
            throw new IOException(file + " has " + found.getLength() + " <" + localName + "> elements, expected 1");
        }
        return (Element) found.item(0);
    }

    private static List<Element> children(Element parent, String localName) {
        List<Element> elements = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && localName.equals(e.getLocalName())) {
                elements.add(e);
            }
        }
        return elements;
    }
}
