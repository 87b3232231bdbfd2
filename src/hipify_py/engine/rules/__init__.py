"""The rules, in the order they run. Each is a function Context -> Iterable[Edit | Finding | Reference].

Adding a kind of transformation means adding a module here and its entry in RULES; adding an API
means adding a line to mappings/*.yaml.
"""

from __future__ import annotations

from hipify_py.engine.rules.arguments import rewrite_arguments
from hipify_py.engine.rules.base import Context, Reference, Rule, RuleOutput, Supply
from hipify_py.engine.rules.blaslt_scale_type import drop_redundant_scale_types
from hipify_py.engine.rules.case_labels import comment_out_dead_case_labels
from hipify_py.engine.rules.cub_algorithms import rewrite_warp_transposes
from hipify_py.engine.rules.dependent_launch import remove_dependent_launch
from hipify_py.engine.rules.device_checks import check_device_code
from hipify_py.engine.rules.feature_macros import translate_feature_macros
from hipify_py.engine.rules.host_portability import drop_register, separate_literal_suffixes
from hipify_py.engine.rules.identifiers import rename_identifiers
from hipify_py.engine.rules.includes import rewrite_includes
from hipify_py.engine.rules.launches import rewrite_launches
from hipify_py.engine.rules.ptx_idioms import rewrite_ptx_idioms
from hipify_py.engine.rules.residue import report_residue
from hipify_py.engine.rules.struct_members import check_struct_members
from hipify_py.engine.rules.type_clashes import find_type_clashes
from hipify_py.engine.rules.typed_overloads import check_typed_overloads
from hipify_py.engine.rules.warp_sync import rewrite_warp_sync

RULES: tuple[Rule, ...] = (
    rename_identifiers,
    comment_out_dead_case_labels,
    remove_dependent_launch,
    drop_redundant_scale_types,
    rewrite_includes,
    rewrite_launches,
    rewrite_arguments,
    translate_feature_macros,
    find_type_clashes,
    check_struct_members,
    rewrite_warp_transposes,
    rewrite_ptx_idioms,
    check_device_code,
    check_typed_overloads,
    rewrite_warp_sync,
    separate_literal_suffixes,
    drop_register,
    report_residue,
)

__all__ = ["RULES", "Context", "Reference", "Rule", "RuleOutput", "Supply"]
