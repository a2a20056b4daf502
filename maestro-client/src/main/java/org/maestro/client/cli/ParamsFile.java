package org.maestro.client.cli;

import org.maestro.common.util.SafeText;
import org.maestro.common.util.SecretFile;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code maestro run --params-file FILE}: the script's params as {@code NAME=VALUE} lines, like {@code -P}, for
 * the ones that hold credentials (SUT and management URLs, the agent's source), which must stay off the
 * command line. The file must be readable by its owner only; blank lines and lines starting with '#' are skipped.
 */
final class ParamsFile {
    static final String OPTION = "--params-file";

    private ParamsFile() {
    }

    /**
     * The params of {@code file}, in its order.
     *
     * @throws IllegalArgumentException when the file is open to others, unreadable, or a line is not NAME=VALUE
     *                                  (naming the line by number, never showing its value)
     */
    static Map<String, String> read(Path file) {
        Map<String, String> params = new LinkedHashMap<>();
        String[] lines = SecretFile.readAll(file, OPTION).split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException(OPTION + " " + file + ":" + (i + 1) + ": expected NAME=VALUE");
            }
            String name = line.substring(0, equals).strip();
            if (params.put(name, line.substring(equals + 1).strip()) != null) {
                throw new IllegalArgumentException(OPTION + " " + file + ":" + (i + 1) + ": '" + SafeText.of(name)
                        + "' is given twice");
            }
        }
        return params;
    }
}
