// EPUBCheck over many EPUBs in one Java virtual machine: each run of the command-line jar pays
// for the JVM's start and warm-up (most of its time), so the tests and bench/epub start it once
// per EPUBCheck version. Run as a single source file (Java 11 and later; no javac needed):
//   java -XX:TieredStopAtLevel=1 -cp /usr/share/java/epubcheck.jar scripts/EPUBCheckBatch.java A.epub B.epub ...
// Every file's report (EPUBCheck's own command-line output, standard error folded into standard
// output so the order holds) follows a line "EPUBCheckBatch: FILE".
import com.adobe.epubcheck.tool.EpubChecker;

public class EPUBCheckBatch {
    public static void main(String[] files) {
        System.setErr(System.out);
        for (String file : files) {
            System.out.println("EPUBCheckBatch: " + file);
            System.out.flush();
            new EpubChecker().run(new String[] {file});
            System.out.flush();
        }
    }
}
