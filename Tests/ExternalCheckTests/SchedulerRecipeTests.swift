import Foundation
import TestSupport
import Testing

/// The scheduler recipes of docs/files-and-batches.md, extracted from it and run on real engines that the test
/// starts in a temporary folder and stops afterwards: a one-node Slurm cluster (munged, slurmctld,
/// slurmd as root) and an sshd on 127.0.0.1 for GNU parallel's `--sshlogin`. The Kubernetes
/// manifest is linted and checked structurally, and its container command run for every index.
/// Each recipe's shards together must write exactly the files of one unsharded run, byte for byte,
/// and every task must succeed on a library with a photo without a horizon (`--no-horizon-ok`).
/// Where an engine is not installed (scripts/install-deps.sh installs them) or the test is not
/// root, the test prints why and checks nothing else.
@Suite(.serialized, .tags(.external)) struct SchedulerRecipeTests {
    /// photos/ with 9 photos in three folders, one of them without a horizon; no broken file.
    static func library(_ root: String) throws {
        let names = [
            "horizon-lake", "tilted-lake", "horizon-pier", "no-horizon-sky", "horizon-portrait", "horizon-fog",
            "horizon-people-shore", "horizon-towers-rails", "distractor-planks",
        ]
        for (index, name) in names.enumerated() {
            let folder = root + "/photos" + ["", "/trip", "/trip/day2"][index % 3]
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let made = try run("vips", ["thumbnail", Fixtures.asset(name + ".jpg"), folder + "/\(name).jpg", "320"])
            #expect(made.status == 0, "\(made.stderr)")
        }
        try FileManager.default.createDirectory(atPath: root + "/logs", withIntermediateDirectories: true)
    }

    /// The unsharded run the recipes are compared with.
    static func expectSameAsOneRun(_ library: String, _ recipe: String) throws {
        let whole = try run(
            "imgtool", ["horizon", "-r", library + "/photos", "--fix", "-o", library + "/whole/", "-q"])
        #expect(whole.status == 2, "one photo has no horizon: \(whole.stderr)")
        let expected = try fileContents(under: library + "/whole"), got = try fileContents(under: library + "/level")
        #expect(expected.count >= 4, "the library has photos with a horizon")
        #expect(got.keys.sorted() == expected.keys.sorted(), "\(recipe): \(got.keys.sorted())")
        for (path, data) in expected { #expect(got[path] == data, "\(recipe): \(path) differs from one unsharded run") }
    }

    static var path: String {
        Fixtures.binFolder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    static func missing(_ programs: [String]) -> [String] {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin"
        return programs.filter { program in
            !folders.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    static func freePort() -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func waitFor(_ seconds: Double, _ ready: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if ready() { return true }
            usleep(100_000)
        }
        return ready()
    }

    @Test func slurmJobArrayTasksAllCompleteAndEqualOneRun() throws {
        if getuid() != 0 { print("SKIPPED slurm recipe: slurmd must run as root"); return }
        let absent = Self.missing(["munged", "mungekey", "slurmctld", "slurmd", "sbatch", "scontrol"])
        if !absent.isEmpty {
            print(
                "SKIPPED slurm recipe: not installed: \(absent) (scripts/install-deps.sh installs slurm-wlm and munge)");
            return
        }
        let work = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let root = work.path, library = root + "/library"
        try Self.library(library)
        for folder in ["munge", "state", "spool", "log"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        chmod(root + "/munge", 0o700)
        let key = try run("mungekey", ["-c", "-k", root + "/munge/key"])
        #expect(key.status == 0, "\(key.stderr)")
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count)
        let name = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let node = name.split(separator: ".").first.map(String.init) ?? "localhost"
        let config = """
            ClusterName=frostlevel
            SlurmctldHost=\(node)(127.0.0.1)
            SlurmctldPort=\(Self.freePort())
            SlurmdPort=\(Self.freePort())
            SlurmUser=root
            SlurmdUser=root
            AuthType=auth/munge
            AuthInfo=socket=\(root)/munge/socket
            CredType=cred/munge
            StateSaveLocation=\(root)/state
            SlurmdSpoolDir=\(root)/spool
            SlurmctldPidFile=\(root)/slurmctld.pid
            SlurmdPidFile=\(root)/slurmd.pid
            SlurmctldLogFile=\(root)/log/slurmctld.log
            SlurmdLogFile=\(root)/log/slurmd.log
            ProctrackType=proctrack/linuxproc
            TaskPlugin=task/none
            SelectType=select/cons_tres
            SelectTypeParameters=CR_Core
            SchedulerType=sched/builtin
            JobAcctGatherType=jobacct_gather/none
            AccountingStorageType=accounting_storage/none
            JobCompType=jobcomp/filetxt
            JobCompLoc=\(root)/log/jobcomp.txt
            ReturnToService=2
            MpiDefault=none
            NodeName=\(node) NodeAddr=127.0.0.1 CPUs=\(ProcessInfo.processInfo.activeProcessorCount) State=UNKNOWN
            PartitionName=debug Nodes=\(node) Default=YES MaxTime=INFINITE State=UP

            """
        try config.write(toFile: root + "/slurm.conf", atomically: true, encoding: .utf8)
        let environment = ["SLURM_CONF": root + "/slurm.conf", "PATH": Self.path + ":/usr/sbin"]
        // The guide's script as written, with the library's path; a 4-CPU task would never fit a
        // smaller machine, so sbatch's own option gives each task one CPU.
        let script = try Guide.recipe("slurm").replacingOccurrences(of: "/library", with: library)
        #expect(script.contains("--no-horizon-ok") && script.contains("#SBATCH --array=1-8"))
        try script.write(toFile: root + "/level.sh", atomically: true, encoding: .utf8)
        let cluster = try run(
            "bash", [Fixtures.root.path + "/Tests/ExternalCheckTests/Recipes/slurm-cluster.sh", root],
            environment: environment, timeout: 240)
        #expect(cluster.text.contains("sbatch-status=0"), "sbatch --wait: \(cluster.text) \(cluster.stderr)")
        #expect(!cluster.timedOut)
        // Every array task COMPLETED with exit code 0 (the job-completion log, which slurmctld
        // writes when a task ends).
        let records = ((try? String(contentsOfFile: root + "/log/jobcomp.txt", encoding: .utf8)) ?? "").split(
            separator: "\n")
        #expect(records.count == 8, "\(records)")
        for record in records {
            #expect(record.contains("JobState=COMPLETED") && record.contains(" ExitCode=0:0"), "\(record)")
        }
        let tasks = Set(records.compactMap { $0.split(separator: " ").first { $0.hasPrefix("ArrayTaskId=") } })
        #expect(tasks == Set((1...8).map { "ArrayTaskId=\($0)" }))
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: library + "/logs"))
                == Set((1...8).map { "level-\($0).jsonl" }))
        try Self.expectSameAsOneRun(library, "slurm")
    }

    @Test func gnuParallelOverSSHEqualsOneRun() throws {
        let absent = Self.missing(["sshd", "ssh", "ssh-keygen", "parallel"])
        if !absent.isEmpty {
            print(
                "SKIPPED ssh recipe: not installed: \(absent) (scripts/install-deps.sh installs openssh-server and parallel)"
            ); return
        }
        let work = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let root = work.path, library = root + "/library"
        try Self.library(library)
        for key in ["host_key", "user_key"] {
            let made = try run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", root + "/" + key])
            #expect(made.status == 0, "\(made.stderr)")
        }
        try FileManager.default.copyItem(atPath: root + "/user_key.pub", toPath: root + "/authorized_keys")
        let port = Self.freePort()
        let config = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(root)/host_key
            AuthorizedKeysFile \(root)/authorized_keys
            PidFile \(root)/sshd.pid
            StrictModes no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PermitRootLogin prohibit-password
            UsePAM no
            SetEnv PATH=\(Self.path)

            """
        try config.write(toFile: root + "/sshd_config", atomically: true, encoding: .utf8)
        // The guide's line as written: its two hosts are both this machine's sshd.
        let recipe = try Guide.recipe("gnu-parallel-ssh")
            .replacingOccurrences(of: "2/host1,2/host2", with: "2/127.0.0.1,2/localhost")
            .replacingOccurrences(of: "/library", with: library)
        #expect(recipe.contains("--sshlogin") && recipe.contains("--no-horizon-ok"))
        let ssh =
            "ssh -p \(port) -i \(root)/user_key -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
        let result = try run(
            "bash", [Fixtures.root.path + "/Tests/ExternalCheckTests/Recipes/sshd.sh", root, "cd / && " + recipe],
            environment: ["PATH": Self.path + ":/usr/sbin", "PARALLEL_SSH": ssh], timeout: 120)
        #expect(
            result.text.contains("recipe-status=0") && !result.timedOut,
            "parallel --sshlogin: \(result.stderr) \((try? String(contentsOfFile: root + "/sshd.log", encoding: .utf8)) ?? "")"
        )
        try Self.expectSameAsOneRun(library, "ssh")
    }

    @Test func kubernetesManifestIsWellFormedAndItsCommandRunsForEveryIndex() throws {
        let manifest = try Guide.recipe("kubernetes")
        let work = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let file = work.path + "/job.yaml"
        try manifest.write(toFile: file, atomically: true, encoding: .utf8)
        if Self.missing(["yamllint"]).isEmpty {
            let lint = try run("yamllint", ["-d", "{extends: relaxed, rules: {line-length: disable}}", file])
            #expect(lint.status == 0, "\(lint.text) \(lint.stderr)")
        } else {
            print("SKIPPED yamllint of the Kubernetes manifest: yamllint not installed")
        }
        // The structure a Kubernetes Indexed Job needs, read with Python's YAML parser.
        let check = """
            import sys, yaml
            job = yaml.safe_load(open(sys.argv[1]))
            spec = job["spec"]; pod = spec["template"]["spec"]; box = pod["containers"][0]
            assert job["apiVersion"] == "batch/v1" and job["kind"] == "Job", "not a batch/v1 Job"
            assert spec["completionMode"] == "Indexed", "not Indexed"
            n = spec["completions"]
            assert spec["parallelism"] == n, "parallelism differs from completions"
            assert pod["restartPolicy"] in ("Never", "OnFailure"), "restartPolicy"
            command = box["command"]
            assert command[:2] == ["sh", "-c"], "command"
            assert "--shard $((JOB_COMPLETION_INDEX + 1))/%d" % n in command[2], "shards do not match completions"
            assert "--no-horizon-ok" in command[2], "no --no-horizon-ok"
            mounts = {m["name"] for m in box["volumeMounts"]}; volumes = {v["name"] for v in pod["volumes"]}
            assert mounts <= volumes, "a mount without a volume"
            print(n); print(command[2])
            """
        let structure = try run("python3", ["-c", check, file])
        if structure.stderr.contains("No module named 'yaml'") {
            print("SKIPPED structural check of the Kubernetes manifest: python3-yaml not installed")
            return
        }
        #expect(structure.status == 0, "\(structure.stderr)")
        let lines = structure.text.split(separator: "\n", maxSplits: 1).map(String.init)
        guard lines.count == 2, let count = Int(lines[0]) else { return }
        // The container's command on this machine, once per index (no cluster runs here).
        let library = work.path + "/library"
        try Self.library(library)
        let command = lines[1].replacingOccurrences(of: "/library", with: library)
        for index in 0..<count {
            let pod = try run(
                "sh", ["-c", command], environment: ["PATH": Self.path, "JOB_COMPLETION_INDEX": "\(index)"])
            #expect(pod.status == 0, "index \(index): \(pod.stderr)")
        }
        try Self.expectSameAsOneRun(library, "kubernetes")
    }
}
