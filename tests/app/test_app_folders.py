"""The player's files live in the platform's folders; CARCASSONNE_DATA_DIR puts them in one."""

from __future__ import annotations

import platformdirs

from carcassonne.app.files import folders
from carcassonne.app.files.storage import Storage


def test_without_the_override_each_kind_of_file_has_the_platforms_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(folders.ENV_DIR, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))  # never the real home's folders
    for kind in ("DATA", "CONFIG", "STATE"):
        monkeypatch.setenv(f"XDG_{kind}_HOME", str(tmp_path / kind.lower()))
    dirs = platformdirs.PlatformDirs("carcassonne", appauthor=False, roaming=True)
    storage = Storage()
    assert storage.root == dirs.user_data_path and storage.saves_dir.parent == dirs.user_data_path
    assert storage.settings_path.parent == dirs.user_config_path
    assert storage.log_root == dirs.user_log_path


def test_the_override_puts_every_file_in_one_folder(monkeypatch, tmp_path):
    monkeypatch.setenv(folders.ENV_DIR, str(tmp_path / "portable"))
    storage = Storage()
    assert {storage.root, storage.config_root, storage.log_root.parent} == {tmp_path / "portable"}
    assert storage.settings_path == tmp_path / "portable" / "settings.json"


def test_settings_kept_beside_the_saves_move_to_the_config_folder(tmp_path):
    data, config = tmp_path / "share", tmp_path / "config"
    data.mkdir()
    (data / "settings.json").write_text('{"purist": true}')
    (data / "last-setup.json").write_text('{"seed": "12"}')
    folders.move_old_settings(data, config)
    assert (config / "settings.json").read_text() == '{"purist": true}'
    assert not (data / "settings.json").exists() and (config / "last-setup.json").is_file()
    (data / "settings.json").write_text('{"purist": false}')  # never over newer settings
    folders.move_old_settings(data, config)
    assert (config / "settings.json").read_text() == '{"purist": true}'
