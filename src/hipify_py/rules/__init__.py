"""The rules, in the order they run. Each is a function Context -> Iterable[Edit | Finding | Reference].

Adding a kind of transformation means adding a module here and its entry in RULES; adding an API
means adding a line to mappings/*.yaml.
"""

from __future__ import annotations

from hipify_py.rules.arguments import rewrite_arguments
from hipify_py.rules.base import Context, Reference, Rule, RuleOutput
from hipify_py.rules.case_labels import comment_out_dead_case_labels
from hipify_py.rules.device_checks import check_device_code
from hipify_py.rules.feature_macros import translate_feature_macros
from hipify_py.rules.host_portability import separate_literal_suffixes
from hipify_py.rules.identifiers import rename_identifiers
from hipify_py.rules.includes import rewrite_includes
from hipify_py.rules.launches import rewrite_launches
from hipify_py.rules.residue import report_residue
from hipify_py.rules.struct_members import check_struct_members
from hipify_py.rules.type_clashes import find_type_clashes
from hipify_py.rules.warp_sync import rewrite_warp_sync

RULES: tuple[Rule, ...] = (
    rename_identifiers,
    comment_out_dead_case_labels,
    rewrite_includes,
    rewrite_launches,
    rewrite_arguments,
    translate_feature_macros,
    find_type_clashes,
    check_struct_members,
    check_device_code,
    rewrite_warp_sync,
    separate_literal_suffixes,
    report_residue,
)

__all__ = ["RULES", "Context", "Reference", "Rule", "RuleOutput"]
