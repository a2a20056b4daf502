package org.maestro.common.util;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * A secret kept in a file of its own (a password file), so that it stays off command lines, which {@code ps}
 * shows to every user of the host. The file must be readable by its owner only (mode 0600 or 0400, as ssh asks
 * of a private key): one that its group or anyone may read is refused, naming the path and the mode, never the
 * content.
 */
public final class SecretFile {
    private static final Set<PosixFilePermission> OPEN_TO_OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private SecretFile() {
    }

    /**
     * The secret: the file's first line, without its line end.
     *
     * @param what what the file is, for the messages (e.g. "--broker-password-file")
     * @throws IllegalArgumentException when the file is missing, unreadable, empty, or open to its group or
     *                                  others (one line: what, the path and the mode, and the fix)
     */
    public static String read(Path file, String what) {
        String text = readAll(file, what);
        int end = text.indexOf('\n');
        String secret = (end < 0 ? text : text.substring(0, end)).replaceAll("\r$", "");
        if (secret.isEmpty()) {
            throw new IllegalArgumentException(what + " " + file + ": its first line is empty (it should hold the secret)");
        }
        return secret;
    }

    /**
     * The whole file (a file of several credentials), once its mode is checked.
     *
     * @throws IllegalArgumentException as {@link #read}, but an empty file is not an error here
     */
    public static String readAll(Path file, String what) {
        Set<PosixFilePermission> permissions;
        try {
            permissions = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException e) {
            permissions = Set.of(); // not a POSIX file system: nothing to check
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(what + " " + file + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " " + file + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(what + " " + file + ": not a regular file");
        }
        if (permissions.stream().anyMatch(OPEN_TO_OTHERS::contains)) {
            throw new IllegalArgumentException(what + " " + file + " has mode " + octal(permissions)
                    + ", readable by others: it must be readable by its owner only (chmod 600 " + file + ")");
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " " + file + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        }
    }

    /**
     * Writes {@code text} to a new file in {@code dir} that its owner only may read (mode 0600 where the file system has
     * modes), for another process of this user to read with {@link #readAll}.
     */
    public static Path write(Path dir, String prefix, String text) throws IOException {
        Path file;
        try {
            file = Files.createTempFile(dir, prefix, ".secret", PosixFilePermissions.asFileAttribute(
                    EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE)));
        } catch (UnsupportedOperationException e) {
            file = Files.createTempFile(dir, prefix, ".secret");
        }
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** E.g. "0644". */
    static String octal(Set<PosixFilePermission> permissions) {
        String rwx = PosixFilePermissions.toString(permissions);
        int mode = 0;
        for (int i = 0; i < 9; i++) {
            mode = mode << 1 | (rwx.charAt(i) == '-' ? 0 : 1);
        }
        return String.format("0%03o", mode);
    }
}
