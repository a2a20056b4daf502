package org.maestro.reports;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The JavaScript libraries report.html inlines, read from their webjars on the class path
 * ({@code META-INF/resources/webjars/<name>/<version>/...}): Chart.js, and for zoom and pan hammer.js and
 * chartjs-plugin-zoom. Versions come from the webjars' Maven properties, so the root pom pins them once.
 */
final class WebJarScripts {
    private static final String[][] SCRIPTS = {
            {"org.webjars.npm", "chart.js", "dist/chart.umd.js"},
            {"org.webjars.npm", "hammerjs", "hammer.min.js"},
            {"org.webjars.npm", "chartjs-plugin-zoom", "dist/chartjs-plugin-zoom.min.js"},
    };

    private WebJarScripts() {
    }

    /** The scripts, each escaped for a {@code <script>} element, in load order. */
    static String all() throws IOException {
        StringBuilder out = new StringBuilder();
        for (String[] s : SCRIPTS) {
            out.append("<script>/* ").append(s[1]).append(" ").append(version(s[0], s[1])).append(" */\n")
                    .append(inlineSafe(read(s[0], s[1], s[2]))).append("\n</script>\n");
        }
        return out.toString();
    }

    static String read(String group, String artifact, String file) throws IOException {
        String path = "META-INF/resources/webjars/" + artifact + "/" + version(group, artifact) + "/" + file;
        try (InputStream in = WebJarScripts.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IOException("the class path lacks " + path + " (webjar " + group + ":" + artifact + ")");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String version(String group, String artifact) throws IOException {
        String pom = "META-INF/maven/" + group + "/" + artifact + "/pom.properties";
        try (InputStream in = WebJarScripts.class.getClassLoader().getResourceAsStream(pom)) {
            if (in == null) {
                throw new IOException("the class path lacks the webjar " + group + ":" + artifact + " (no " + pom + ")");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        }
    }

    /** Text that cannot end the script element it is inlined into. */
    static String inlineSafe(String script) {
        return script.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT").replace("<!--", "<\\!--");
    }
}
