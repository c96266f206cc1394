"""Where every source photo of the horizon corpus comes from (see LABELLING.md, LICENSES.md).

Shared by make_manifest.py (writes manifest.csv) and fetch_corpus.py (gets the files, checks them and
builds the turned copies)."""
import hashlib
import os
import subprocess

YORK = ("johndpope/BMVC-Dubska", "bfcc2c9e75d7481379b4f8de1f01c1ce576ed2d7")
ECD = ("trocolit2/vanishing-point-detection", "d07ba0184128ca8188e6e41c53f5b98b9165d6e8")
SHORE = ("HSU-ANT/shore_livecams", "fe1ea106e73e80ace52fdc9be976892cee61bfa2")

PACKAGES = {  # Debian 12 packages, fetched with apt-get download and unpacked with dpkg -x (not installed)
    "plasma-workspace-wallpapers": "4:5.27.5-2",
    "lxqt-themes": "1.2.0-1",
    "digikam-data": "4:7.9.0-1",
    "forensics-samples-files": "1.1.4-5",
    "palapeli-data": "4:22.12.3-1",
    "python-kivy-examples": "2.1.0-1",
    "tuxpaint-data": "1:0.9.28-sdl2-1",
    "kphotoalbum": "5.9.1-1",
}

LICENCES = {
    "york-urban": "York Urban DB (Denis, Elder, Estrada, ECCV 2008): research use; copy in github johndpope/BMVC-Dubska",
    "eurasian-cities": "Eurasian Cities dataset (Tretyak, Barinova, Kohli, Lempitsky, IJCV 2012): research use; copy in github trocolit2/vanishing-point-detection",
    "plasma-workspace-wallpapers": "GPL-2+ (debian/copyright); LGPL-3 per each wallpaper's metadata.json",
    "lxqt-themes": "LGPL-2.1+ (debian/copyright, Files: *)",
    "digikam-data": "GPL-2+ (debian/copyright, Files: *)",
    "forensics-samples-files": "CC-BY-SA-4.0 (debian/copyright, original-files/*)",
    "palapeli-data": "GPL-2+ (debian/copyright, Files: *)",
    "python-kivy-examples": "Expat (debian/copyright, Files: *)",
    "tuxpaint-data": "GPL-2+ (debian/copyright, Files: *)",
    "kphotoalbum": "GPL-2+ (debian/copyright)",
    "shore-livecams": "Shore Livecams dataset (Ahlers, Bhattacharya, Nowak, Zoelzer, SITIS 2023), frames of public port/beach "
                      "webcams in Germany: research dataset, no licence file in the repository (cite the paper); copy in github HSU-ANT/shore_livecams",
}


def git_dir(repo, work):
    """A git directory holding `repo`: the local mirror if there is one, else a clone in WORK/git."""
    owner, name = repo.split("/")
    mirrored = os.environ.get("HORIZON_MIRROR", "/work/.mirror") + f"/{owner}+{name}/repo"
    # A mirror is a bare repository, or (newer snapshots) a work tree's .git.
    for candidate in (mirrored, mirrored + "/.git", os.path.join(work, "git", f"{owner}+{name}.git")):
        if os.path.isfile(os.path.join(candidate, "HEAD")):
            return candidate
    target = os.path.join(work, "git", f"{owner}+{name}.git")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    subprocess.run(["git", "clone", "--bare", f"https://github.com/{repo}", target], check=True)
    return target


def parse(spec):
    """A source spec (the manifest's obtain column) as ("deb", PACKAGE=VERSION, path inside the package) or
    ("github", OWNER/NAME, COMMIT, path in the repository): deb:PACKAGE=VERSION:/path or
    github:OWNER/NAME@COMMIT:path. Raises ValueError on anything else."""
    kind, _, rest = spec.partition(":")
    if kind == "deb" and ":/" in rest and "=" in rest.split(":/", 1)[0]:
        package_version, path = rest.split(":/", 1)
        return "deb", package_version, path
    if kind == "github" and ":" in rest and rest.split(":", 1)[0].count("@") == 1:
        repo_commit, path = rest.split(":", 1)
        repo, commit = repo_commit.split("@")
        if repo.count("/") == 1 and commit and path:
            return "github", repo, commit, path
    raise ValueError(f"not a source spec: {spec}")


def sha256(path):
    """The hex SHA-256 of a file: manifest.csv's and sea_manifest.csv's check of every source file."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def obtain(spec, work):
    """The local path of a source file described by `spec` (see parse), fetched into WORK once."""
    kind, *parts = parse(spec)
    if kind == "deb":
        package_version, path = parts
        package = package_version.split("=")[0]
        root = os.path.join(work, "pkgs", package)
        if not os.path.isdir(root):
            debs = os.path.join(work, "debs")
            os.makedirs(debs, exist_ok=True)
            subprocess.run(["apt-get", "download", "-qq", package_version], cwd=debs, check=True)
            deb = [f for f in os.listdir(debs) if f.startswith(package + "_")][0]
            os.makedirs(root + ".part", exist_ok=True)
            subprocess.run(["dpkg", "-x", os.path.join(debs, deb), root + ".part"], check=True)
            os.rename(root + ".part", root)
        return os.path.join(root, path)
    repo, commit, path = parts
    out = os.path.join(work, "src", repo.replace("/", "+"), path)
    if not os.path.exists(out):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        blob = subprocess.run(["git", "--git-dir", git_dir(repo, work), "show", f"{commit}:{path}"],
                              capture_output=True, check=True).stdout
        with open(out, "wb") as f:
            f.write(blob)
    return out
