package org.maestro.common.router;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The two AMQP routers Maestro runs and tests: Qpid Dispatch and its successor skupper-router. They read the same
 * configuration format; their executables, tools, management entity types and the environment variable that names
 * their executable differ. The user chooses one with a single word ({@code -P router=skupper}, {@code router 'skupper'}
 * in the DSL, {@code router: skupper} in a topology file, {@code --router skupper}); Qpid Dispatch is the default.
 */
public enum RouterKind {
    QPID_DISPATCH("qpid-dispatch", "Qpid Dispatch", "qdrouterd", "org.apache.qpid.dispatch", "qdstat", "qdmanage"),
    SKUPPER("skupper", "skupper-router", "skrouterd", "io.skupper.router", "skstat", "skmanage");

    /** The kind a run uses when nothing chooses one. */
    public static final RouterKind DEFAULT = QPID_DISPATCH;
    /** The name of the setting everywhere it is a word ({@code -P router=…}, the DSL, the topology file). */
    public static final String SETTING = "router";

    private final String word;
    private final String product;
    private final String command;
    private final String entityTypePrefix;
    private final String statTool;
    private final String manageTool;

    RouterKind(String word, String product, String command, String entityTypePrefix, String statTool, String manageTool) {
        this.word = word;
        this.product = product;
        this.command = command;
        this.entityTypePrefix = entityTypePrefix;
        this.statTool = statTool;
        this.manageTool = manageTool;
    }

    /** The word that chooses it: {@code qpid-dispatch}, {@code skupper} (also its form in JSON files). */
    @JsonValue
    public String word() {
        return word;
    }

    /** Its name for people: {@code Qpid Dispatch}, {@code skupper-router}. */
    public String product() {
        return product;
    }

    /** Its executable's name: {@code qdrouterd}, {@code skrouterd}. */
    public String command() {
        return command;
    }

    /** Its configuration file's name: {@code qdrouterd.conf}, {@code skrouterd.conf}. */
    public String confFile() {
        return command + ".conf";
    }

    /** The environment variable that names its executable: {@code MAESTRO_QDROUTERD}, {@code MAESTRO_SKROUTERD}. */
    public String env() {
        return "MAESTRO_" + command.toUpperCase(Locale.ROOT);
    }

    /** Its status tool beside the executable: {@code qdstat}, {@code skstat}. */
    public String statTool() {
        return statTool;
    }

    /** Its management tool beside the executable: {@code qdmanage}, {@code skmanage}. */
    public String manageTool() {
        return manageTool;
    }

    /** A management entity type of this router, e.g. {@code router.node}; "" gives the prefix with its dot. */
    public String entityType(String shortName) {
        return entityTypePrefix + "." + shortName;
    }

    /** What ran, for every surface that says so: {@code skupper-router 3.5.1}. */
    public String describe(String version) {
        return version == null || version.isBlank() ? product : product + " " + version;
    }

    /** The kind {@code word} chooses; null or blank is the default. */
    @JsonCreator
    public static RouterKind parse(String word) {
        if (word == null || word.isBlank()) {
            return DEFAULT;
        }
        String w = word.trim().toLowerCase(Locale.ROOT);
        for (RouterKind k : values()) {
            if (k.word.equals(w) || k.command.equals(w)) {
                return k;
            }
        }
        throw new IllegalArgumentException(SETTING + " '" + word + "' is no router kind: choose one of "
                + Arrays.stream(values()).map(RouterKind::word).collect(Collectors.joining(", ")) + " (" + DEFAULT.word + " by default)");
    }

    /** The kind an executable is by its file name ({@code qdrouterd}, {@code skrouterd-3.5}), or empty when its name says neither. */
    public static Optional<RouterKind> ofExecutable(Path executable) {
        String name = executable.getFileName().toString();
        return Arrays.stream(values()).filter(k -> name.startsWith(k.command)).findFirst();
    }

    /** The kind whose management names an entity type of, or empty for a type of neither router. */
    public static Optional<RouterKind> ofEntityType(String entityType) {
        return Arrays.stream(values()).filter(k -> entityType.startsWith(k.entityTypePrefix + ".")).findFirst();
    }
}
