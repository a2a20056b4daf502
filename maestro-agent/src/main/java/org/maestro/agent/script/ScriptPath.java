package org.maestro.agent.script;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the handler path of a request into a file of the checkout, refusing anything that would leave
 * it: absolute paths, {@code ..} segments, symbolic links that lead outside, directories.
 */
public final class ScriptPath {
    private ScriptPath() {
    }

    /**
     * @param root    the checkout directory
     * @param handler the path from the request, relative to the repository root, with '/' separators
     * @throws RefusedException saying what is wrong with {@code handler}
     */
    public static Path resolve(Path root, String handler) throws RefusedException {
        if (handler == null || handler.isBlank()) {
            throw new RefusedException("no handler given: name a file of the source repository, e.g. handlers/restart.sh");
        }
        if (handler.indexOf('\0') >= 0 || handler.indexOf('\\') >= 0) {
            throw new RefusedException("handler '" + printable(handler) + "' contains a NUL or '\\'; use '/' between directories");
        }
        if (handler.startsWith("/") || handler.startsWith("~")) {
            throw new RefusedException("handler '" + handler + "' is an absolute path; give a path relative to the root of the"
                    + " source repository");
        }
        List<String> segments = new ArrayList<>();
        for (String s : handler.split("/")) {
            if (s.equals("..")) {
                throw new RefusedException("handler '" + handler + "' contains '..'; a handler must be a file inside the"
                        + " source repository");
            }
            if (!s.isEmpty() && !s.equals(".")) {
                segments.add(s);
            }
        }
        if (segments.isEmpty()) {
            throw new RefusedException("handler '" + handler + "' names the repository root, not a file");
        }
        try {
            Path realRoot = root.toRealPath();
            Path file = realRoot.resolve(String.join("/", segments));
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new RefusedException("handler '" + handler + "' is not in the source repository (no such file)");
            }
            if (!Files.exists(file)) {
                throw new RefusedException("handler '" + handler + "' is a symbolic link to nothing");
            }
            Path real = file.toRealPath();
            if (!real.startsWith(realRoot)) {
                throw new RefusedException("handler '" + handler + "' leads outside the source repository (a symbolic link to "
                        + real + ")");
            }
            if (!Files.isRegularFile(real)) {
                throw new RefusedException("handler '" + handler + "' is a directory, not a file");
            }
            return real;
        } catch (IOException e) {
            throw new RefusedException("handler '" + handler + "' cannot be read: " + e.getMessage());
        }
    }

    /** Refuses arguments that cannot be passed to a process (a NUL character). */
    public static void checkArguments(List<String> args) throws RefusedException {
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).indexOf('\0') >= 0) {
                throw new RefusedException("argument " + (i + 1) + " contains a NUL character, which no process argument can hold");
            }
        }
    }

    private static String printable(String s) {
        return s.replace("\0", "\\0");
    }
}
