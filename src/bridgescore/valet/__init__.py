"""valet"""
