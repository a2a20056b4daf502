package org.maestro.common.util;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Why a file could not be used, in words, for a message that names the file itself: a {@link FileSystemException}'s
 * own message is often only the path ({@code /nonexistent/x.groovy}), so "cannot read FILE: FILE" told nothing.
 */
public final class IoReason {
    private IoReason() {
    }

    public static String of(Exception e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : e.getClass().getSimpleName();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
