package org.maestro.common.testing;

import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;

/**
 * Checks a junit.xml against the JUnit XML that Jenkins' JUnit step reads ({@code jenkins-junit.xsd} beside this
 * class; its header says where its rules come from), so what Maestro writes for a pipeline is checked by a schema,
 * not by string matching alone.
 */
public final class JunitSchema {
    private static final Schema SCHEMA = load();

    private JunitSchema() {
    }

    private static Schema load() {
        URL xsd = JunitSchema.class.getResource("jenkins-junit.xsd");
        try {
            SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            return f.newSchema(xsd);
        } catch (SAXException e) {
            throw new IllegalStateException("jenkins-junit.xsd is not a schema: " + e.getMessage(), e);
        }
    }

    /** Throws an AssertionError naming the file, line and rule when {@code junitXml} does not validate. */
    public static void check(Path junitXml) throws IOException {
        try {
            SCHEMA.newValidator().validate(new StreamSource(junitXml.toFile()));
        } catch (SAXException e) {
            throw new AssertionError(junitXml + " is not JUnit XML as Jenkins reads it: " + e.getMessage(), e);
        }
    }
}
