package org.maestro.agent.script;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that runs a handler process: the file itself when it is executable, otherwise the
 * interpreter named by its {@code #!} line, split as the Linux kernel does (the interpreter path, then
 * everything after it as at most one argument). The handler's arguments follow as separate entries:
 * no shell ever parses them.
 */
public final class Shebang {
    private static final int MAX_LINE = 256;

    private Shebang() {
    }

    /**
     * @throws RefusedException when the file is neither executable nor starts with {@code #!}
     */
    public static List<String> command(Path file, String handler, List<String> args) throws RefusedException {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(file)) {
            command.add(file.toString());
        } else {
            command.addAll(interpreter(file, handler));
            command.add(file.toString());
        }
        command.addAll(args);
        return command;
    }

    static List<String> interpreter(Path file, String handler) throws RefusedException {
        byte[] head = new byte[MAX_LINE];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new RefusedException("handler '" + handler + "' cannot be read: " + e.getMessage());
        }
        String text = new String(head, 0, n, StandardCharsets.UTF_8);
        int end = text.indexOf('\n');
        if (!text.startsWith("#!") || end < 0) {
            throw new RefusedException("handler '" + handler + "' is not executable and has no #! line naming its interpreter;"
                    + " set its executable bit in git (git update-index --chmod=+x) or add e.g. #!/bin/sh");
        }
        String line = text.substring(2, end).strip();
        if (line.isEmpty()) {
            throw new RefusedException("handler '" + handler + "' has an empty #! line");
        }
        int space = indexOfBlank(line);
        List<String> out = new ArrayList<>();
        out.add(space < 0 ? line : line.substring(0, space));
        if (space >= 0) {
            String arg = line.substring(space).strip();
            if (!arg.isEmpty()) {
                out.add(arg);
            }
        }
        return out;
    }

    private static int indexOfBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == ' ' || s.charAt(i) == '\t') {
                return i;
            }
        }
        return -1;
    }
}
